import Foundation
import TestFiles
import Testing

/// `clientside.engine`: a plugin's breaks played by the host's one client-side engine, the one
/// that plays a source's `ads` (issue 17, item 3).
@Suite struct ClientSideEngineLuaTests {
  /// A plugin that hands breaks of one 2 s ad each (at `offsets`) to an engine and logs every
  /// narration as a warning: `kind arg…`.
  func run(offsets: [String], extra: String = "", actions: String? = nil) async throws -> RunResult {
    let scratch = try Scratch()
    let specs = offsets.map { "{\($0)}" }.joined(separator: ", ")
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local function text(value)
        if type(value) == "number" then return string.format("%g", value) end
        if type(value) == "userdata" then return value.id end
        return tostring(value)
      end
      player.ads:registerServerSideIntegration("test", function(controller)
        local engine
        return {
          setSource = function()
            engine = clientside.engine(controller, function(kind, ...)
              local parts = { kind }
              for index = 1, select("#", ...) do parts[#parts + 1] = text((select(index, ...))) end
              log.warn(table.concat(parts, " "))
            end)
            for _, spec in ipairs({ \(specs) }) do
              local adBreak = engine:adBreakAt(spec[1]) or controller:createAdBreak({ timeOffset = spec[1] })
              controller:createAd({ type = "linear", id = spec[2], duration = 2, skipOffset = 1 }, adBreak)
              engine:addBreak(adBreak, spec[1])
            end
            \(extra)
            engine:attach()
            return true
          end,
          skipAd = function(ad) engine:skip(ad) end,
        }
      end)
      """)
    let source = try scratch.source(duration: 20, ssai: #"{"integration": "test"}"#)
    var arguments = ["run", plugin, source, "--json"]
    if let actions { arguments += ["--actions", try scratch.write("actions.json", actions)] }
    return await adhost(arguments)
  }

  /// The narration and other warnings, with their times.
  func said(_ run: RunResult) -> [String] {
    run.events("log").compactMap { event in
      guard let message = event["message"] as? String else { return nil }
      return "\(event["t"] ?? "?") \(message)"
    }
  }

  @Test func aBreakPausesTheContentPlaysItsAdsOnTheClockAndResumes() async throws {
    let run = try await run(offsets: [#"5, "a""#, #"5, "b""#])
    #expect(run.code == 0, "\(run.errors)")
    // Two breaks at one offset share one ad break and play as one.
    #expect(
      said(run) == [
        "5 breakBegins 5 5 2", "5 adBegins 1 2 a", "7 adEnds a", "7 adBegins 2 2 b", "9 adEnds b",
        "9 breakEnds 5 5",
      ], "\(said(run))")
    let timeline = run.timeline.drop { $0 != "pause" }.prefix(9)
    #expect(
      Array(timeline) == [
        "pause", "adbreakbegin@5", "adbegin:a", "adfirstquartile:a", "admidpoint:a", "adthirdquartile:a",
        "adend:a", "adbegin:b", "adfirstquartile:b",
      ], "\(run.timeline)")
    let ends = run.events("adend").compactMap { $0["t"] as? Double }
    #expect(ends == [7, 9])
    let playing = run.events("playing").compactMap { $0["currentTime"] as? Double }
    #expect(playing == [0, 5])
  }

  /// A break at the content's end (20 s) is a post-roll: it plays on `ended`, and the content
  /// does not resume after it.
  @Test func aSeekPlaysOnlyTheLastBreakItPassedAndPostRollsPlayOnEnded() async throws {
    let run = try await run(
      offsets: [#"3, "a""#, #"6, "b""#, #"12, "c""#, #"20, "post""#],
      actions: #"[{"at": 1, "do": "seek", "to": 8}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said(run) == [
        "1 jumpedOver 3", "1 breakBegins 6 8 1", "1 adBegins 1 1 b", "3 adEnds b", "3 breakEnds 6 8",
        "7 breakBegins 12 12 1", "7 adBegins 1 1 c", "9 adEnds c", "9 breakEnds 12 12",
        "17 breakBegins 20 20 1", "17 adBegins 1 1 post", "19 adEnds post", "19 breakEnds 20 nil",
      ], "\(said(run))")
    #expect(
      run.events("adbegin").compactMap { ($0["ad"] as? [String: Any])?["id"] as? String } == [
        "b", "c", "post",
      ])
  }

  @Test func skipIsRefusedBeforeTheSkipOffsetAndThenPlaysTheNextAd() async throws {
    // The timers were set before the ad's ticker: at 2.5 the ad has played one tick (0.25 s).
    let run = try await run(
      offsets: [#"2, "a""#, #"2, "b""#],
      extra: """
        timer.after(2.5, function() log.warn("early", tostring(engine:skip(controller.ads[1]))) end)
        timer.after(3.5, function() log.warn("late", tostring(engine:skip(controller.ads[1]))) end)
        """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said(run) == [
        "2 breakBegins 2 2 2", "2 adBegins 1 2 a", "2.5 skipRefused tooEarly a 1 0.25", "2.5 early false",
        "3.5 adSkipped a 1.25", "3.5 adBegins 2 2 b", "3.5 late true", "5.5 adEnds b", "5.5 breakEnds 2 2",
      ], "\(said(run))")
  }

  /// A break at 50 % waits for the content's duration, known once the content starts.
  @Test func aBreakThatNeedsTheDurationIsPlacedWhenTheContentStarts() async throws {
    let run = try await run(
      offsets: [],
      extra: """
        engine:whenDurationKnown(function(duration)
          log.warn(string.format("place %g", duration))
          local adBreak = controller:createAdBreak({ timeOffset = duration / 2 })
          controller:createAd({ type = "linear", id = "half", duration = 2 }, adBreak)
          engine:addBreak(adBreak, duration / 2)
        end)
        log.warn("empty " .. tostring(engine.isEmpty))
        """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said(run) == [
        "0 empty false", "0 place 20", "10 breakBegins 10 10 1", "10 adBegins 1 1 half", "12 adEnds half",
        "12 breakEnds 10 10",
      ], "\(said(run))")
  }

  @Test func addingAnotherAdBreakAtAnOffsetIsRefusedAtThePluginsLine() async throws {
    let run = try await run(
      offsets: [#"5, "a""#],
      extra: "engine:addBreak(controller:createAdBreak({ timeOffset = 6 }), 5)")
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("plugin.lua:"), "\(run.errors)")
    #expect(
      run.errors.contains("addBreak: the engine has another ad break at 5.0 s; add the ads to it"),
      "\(run.errors)")
  }
}
