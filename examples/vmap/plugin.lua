-- No integration of its own: the source's `ads` (a VMAP schedule) are played by the host's
-- built-in client-side ads (integration "csai"). This plugin only reports the breaks.
player.ads:registerServerSideIntegration("vmap-example", function()
  player.ads:addEventListener("adbreakbegin", function(event)
    log.info(string.format("break at %g s begins", event.adBreak.timeOffset))
  end)
  return {}
end)
