-- Ad data with terminal controls (a title set, the screen cleared, a fake line, NUL): every
-- readable line and message shows them escaped (\x1b), --json keeps them exact.
local evil = "\27]0;title set by an ad\7\27[2J\27[31mFAKE: all tests passed\27[0m\0"
player.ads:registerServerSideIntegration("x", function(controller)
  return { setSource = function()
    log.warn(evil)
    controller:createAd({ type = "linear", duration = 1, id = evil, timeOffset = 1 })
    error(evil .. "\nFAKE: a second line")
  end }
end)
