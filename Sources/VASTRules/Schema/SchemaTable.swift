/// The element and attribute tables of the IAB VAST XSDs (`vast_2.0.1.xsd`, `vast3_draft.xsd`,
/// `vast4.xsd`, `vast_4.1.xsd`, `vast_4.2.xsd`, from github.com/InteractiveAdvertisingBureau/vast
/// at ec2a7ce), written out by walking each schema from its `VAST` element.
///
/// One entry an element, keyed by its name, prefixed with `InLine:` or `Wrapper:` inside one
/// (their content differs); lines starting with spaces continue the entry. Each word after the
/// key is a child element (`Name:versions`), an attribute (`@name:versions`) or `*` (any
/// content: `Extension`, `CreativeExtension`). The versions are letters, one for each schema
/// that allows it: a 2.0, b 3.0, c 4.0, d 4.1, e 4.2; a capital letter: at most once there.
enum SchemaTable {
  static let text = """
    Ad InLine:ABCDE Wrapper:ABCDE @id:abcde @sequence:bcde @conditionalAd:cde @adType:de
    Error
    InLine:AdParameters @xmlEncoded:bcde
    InLine:AdServingId
    InLine:AdSystem @version:abcde
    InLine:AdTitle
    InLine:AdVerifications Verification:cde
    InLine:Advertiser
    InLine:AltText
    InLine:Category @authority:cde
    InLine:ClickThrough @id:abcde
    InLine:ClickTracking @id:abcde
    InLine:ClosedCaptionFile @type:de @language:de
    InLine:ClosedCaptionFiles ClosedCaptionFile:de
    InLine:Companion StaticResource:ABcde IFrameResource:ABcde HTMLResource:ABcde
      TrackingEvents:ABCDE CompanionClickThrough:ABCDE AltText:ABCDE AdParameters:ABCDE
      CreativeExtensions:BCDE CompanionClickTracking:cde @id:abcde @width:abcde @height:abcde
      @expandedWidth:abcde @expandedHeight:abcde @apiFramework:abcde @assetWidth:bcde
      @assetHeight:bcde @adSlotId:bde @adSlotID:c @pxratio:cde @renderingMode:de
    InLine:CompanionAds Companion:abcde @required:bcde
    InLine:CompanionClickThrough
    InLine:CompanionClickTracking @id:cde
    InLine:Creative Linear:ABCDE CompanionAds:ABCDE NonLinearAds:ABCDE CreativeExtensions:CDE
      UniversalAdId:CDe @id:abcde @sequence:abcde @AdID:ab @apiFramework:cde @adId:cde
    InLine:CreativeExtension @type:cde *
    InLine:CreativeExtensions CreativeExtension:bcde
    InLine:Creatives Creative:abcde
    InLine:CustomClick @id:abcde
    InLine:Description
    InLine:Duration
    InLine:Error
    InLine:ExecutableResource @apiFramework:de @type:de
    InLine:Expires
    InLine:Extension @type:cde *
    InLine:Extensions Extension:abcde
    InLine:FlashResource @apiFramework:c
    InLine:HTMLResource @xmlEncoded:b
    InLine:IFrameResource
    InLine:Icon StaticResource:Bcde IFrameResource:Bcde HTMLResource:Bcde IconClicks:BCDE
      IconViewTracking:bcde @program:bcde @width:bcde @height:bcde @xPosition:bcde @yPosition:bcde
      @offset:bcde @duration:bcde @apiFramework:bcde @pxratio:cde
    InLine:IconClickFallbackImage AltText:E StaticResource:E @height:e @width:e
    InLine:IconClickFallbackImages IconClickFallbackImage:e
    InLine:IconClickThrough
    InLine:IconClickTracking @id:cde
    InLine:IconClicks IconClickTracking:bcde IconClickThrough:BCDE IconClickFallbackImages:E
    InLine:IconViewTracking
    InLine:Icons Icon:bCDe
    InLine:Impression @id:abcde
    InLine:InLine AdSystem:ABCDE AdTitle:ABCDE Description:ABCDE Survey:ABCDE Error:ABcde
      Impression:abcde Creatives:ABCDE Extensions:ABCDE Advertiser:BCDE Pricing:BCDE
      ViewableImpression:CDE AdVerifications:CDE Category:cde AdServingId:DE Expires:DE
    InLine:InteractiveCreativeFile @type:cde @apiFramework:cde @variableDuration:de
    InLine:JavaScriptResource @apiFramework:cde @browserOptional:de
    InLine:Linear Duration:ABCDE TrackingEvents:ABCDE AdParameters:ABCDE VideoClicks:ABCDE
      MediaFiles:ABCDE Icons:BCDE CreativeExtensions:B @skipoffset:bcde
    InLine:MediaFile @id:abcde @delivery:abcde @type:abcde @bitrate:abcde @width:abcde @height:abcde
      @scalable:abcde @maintainAspectRatio:abcde @apiFramework:abcde @minBitrate:bcde
      @maxBitrate:bcde @codec:bcde @fileSize:de @mediaType:de
    InLine:MediaFiles MediaFile:abcde Mezzanine:Cde InteractiveCreativeFile:cde
      ClosedCaptionFiles:DE
    InLine:Mezzanine @id:de @delivery:de @type:de @width:de @height:de @codec:de @fileSize:de
      @mediaType:de
    InLine:NonLinear StaticResource:ABcde IFrameResource:ABcde HTMLResource:ABcde
      NonLinearClickThrough:ABCDE AdParameters:ABCDE CreativeExtensions:B
      NonLinearClickTracking:bcde @id:abde @width:abde @height:abde @expandedWidth:abde
      @expandedHeight:abde @scalable:abde @maintainAspectRatio:abde @minSuggestedDuration:abde
      @apiFramework:abde
    InLine:NonLinearAds TrackingEvents:ABCDE NonLinear:abcde
    InLine:NonLinearClickThrough
    InLine:NonLinearClickTracking @id:cde
    InLine:NotViewable
    InLine:Pricing @model:bcde @currency:bcde
    InLine:StaticResource @creativeType:abcde
    InLine:Survey @type:cde
    InLine:Tracking @event:abcde @offset:bcde
    InLine:TrackingEvents Tracking:abcde
    InLine:UniversalAdId @idRegistry:cde @idValue:c
    InLine:Verification FlashResource:c JavaScriptResource:cde ViewableImpression:C
      ExecutableResource:de TrackingEvents:DE VerificationParameters:DE @vendor:cde
    InLine:VerificationParameters
    InLine:VideoClicks ClickThrough:ABCDE ClickTracking:abcde CustomClick:abcde
    InLine:ViewUndetermined
    InLine:Viewable
    InLine:ViewableImpression Viewable:cde NotViewable:cde ViewUndetermined:cde @id:cde
    VAST Ad:abcde Error:bcde @version:abcde
    Wrapper:AdParameters @xmlEncoded:bcde
    Wrapper:AdSystem @version:abcde
    Wrapper:AdVerifications Verification:cde
    Wrapper:AltText
    Wrapper:BlockedAdCategories @authority:de
    Wrapper:ClickThrough @id:e
    Wrapper:ClickTracking @id:abcde
    Wrapper:Companion StaticResource:ABcde IFrameResource:ABcde HTMLResource:ABcde
      TrackingEvents:ABCDE CompanionClickThrough:ABCDE AltText:ABCDE AdParameters:ABCDE
      CreativeExtensions:BCDE CompanionClickTracking:bcde @id:abcde @width:abcde @height:abcde
      @expandedWidth:abcde @expandedHeight:abcde @apiFramework:abcde @assetWidth:bcde
      @assetHeight:bcde @adSlotId:bde @adSlotID:c @pxratio:cde @renderingMode:de
    Wrapper:CompanionAds Companion:abcde @required:cde
    Wrapper:CompanionClickThrough
    Wrapper:CompanionClickTracking @id:cde
    Wrapper:Creative Linear:ABCDE CompanionAds:ABCDE NonLinearAds:ABCDE @id:abcde @sequence:abcde
      @AdID:ab @apiFramework:cde @adId:cde
    Wrapper:CreativeExtension @type:cde *
    Wrapper:CreativeExtensions CreativeExtension:bcde
    Wrapper:Creatives Creative:abcde
    Wrapper:CustomClick @id:bcde
    Wrapper:Error
    Wrapper:ExecutableResource @apiFramework:de @type:de
    Wrapper:Extension @type:cde *
    Wrapper:Extensions Extension:abcde
    Wrapper:HTMLResource @xmlEncoded:b
    Wrapper:IFrameResource
    Wrapper:Icon StaticResource:Bcde IFrameResource:Bcde HTMLResource:Bcde IconClicks:BCDE
      IconViewTracking:bcde @program:bcde @width:bcde @height:bcde @xPosition:bcde @yPosition:bcde
      @offset:bcde @duration:bcde @apiFramework:bcde @pxratio:cde
    Wrapper:IconClickFallbackImage AltText:E StaticResource:E @height:e @width:e
    Wrapper:IconClickFallbackImages IconClickFallbackImage:e
    Wrapper:IconClickThrough
    Wrapper:IconClickTracking @id:cde
    Wrapper:IconClicks IconClickTracking:bcde IconClickThrough:BCDE IconClickFallbackImages:E
    Wrapper:IconViewTracking
    Wrapper:Icons Icon:bCDe
    Wrapper:Impression @id:cde
    Wrapper:JavaScriptResource @apiFramework:de @browserOptional:de
    Wrapper:Linear TrackingEvents:ABCDE VideoClicks:ABCDE CreativeExtensions:B Icons:BCDE
      @skipoffset:cde
    Wrapper:NonLinear StaticResource:A IFrameResource:A HTMLResource:A NonLinearClickThrough:A
      AdParameters:A CreativeExtensions:B NonLinearClickTracking:bCDE @id:ab @width:ab @height:ab
      @expandedWidth:ab @expandedHeight:ab @scalable:ab @maintainAspectRatio:ab
      @minSuggestedDuration:ab @apiFramework:ab
    Wrapper:NonLinearAds TrackingEvents:ABCDE NonLinear:abcde
    Wrapper:NonLinearClickThrough
    Wrapper:NonLinearClickTracking @id:cde
    Wrapper:NotViewable
    Wrapper:Pricing @model:cde @currency:cde
    Wrapper:StaticResource @creativeType:abcde
    Wrapper:Tracking @event:abcde @offset:bcde
    Wrapper:TrackingEvents Tracking:abcde
    Wrapper:VASTAdTagURI
    Wrapper:Verification ViewableImpression:C ExecutableResource:de JavaScriptResource:de
      TrackingEvents:DE VerificationParameters:DE @vendor:cde
    Wrapper:VerificationParameters
    Wrapper:VideoClicks ClickTracking:abcde CustomClick:bcde ClickThrough:E
    Wrapper:ViewUndetermined
    Wrapper:Viewable
    Wrapper:ViewableImpression Viewable:cde NotViewable:cde ViewUndetermined:cde @id:cde
    Wrapper:Wrapper AdSystem:ABCDE VASTAdTagURI:ABCDE Error:ABcde Impression:abcde Creatives:ABCDE
      Extensions:ABCDE Pricing:CDE ViewableImpression:CDE AdVerifications:CDE BlockedAdCategories:de
      @followAdditionalWrappers:cde @allowMultipleAds:cde @fallbackOnNoAd:cde
    """
}
