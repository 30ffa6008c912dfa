player.ads:registerServerSideIntegration("x", function(controller)
  return { setSource = function() error(nil) end }
end)
