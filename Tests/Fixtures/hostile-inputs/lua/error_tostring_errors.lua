player.ads:registerServerSideIntegration("x", function(controller)
  return {
    setSource = function()
      error(setmetatable({}, { __tostring = function() error("no text for you") end }))
    end,
  }
end)
