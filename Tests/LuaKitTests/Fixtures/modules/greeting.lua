local M = {}
function M.hello(name) return "hello " .. name end
return M
