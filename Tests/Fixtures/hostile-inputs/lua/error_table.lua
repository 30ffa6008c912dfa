player.ads:registerServerSideIntegration("x", function(controller)
  return { setSource = function() error({code = 5}) end }
end)
