player.ads:registerServerSideIntegration("x", function(controller)
  return { setSource = function() error("the ad server refused the session") end }
end)
