#ifndef CLUABENCH_H
#define CLUABENCH_H
#include <lua.h>

/// Pushes a userdata counter whose metatable's `__index` holds `add`, a plain lua_CFunction
/// taking the userdata and a number: the baseline that LuaKit's bridge is measured against.
void lkbench_push_counter(lua_State *L);
/// The counter's total.
double lkbench_counter_total(lua_State *L, int index);
/// Pushes a table of Lua's own string library (its C pattern matcher, uncharged) and leaves
/// strings' methods on the global `string`: the baseline of the budgeted matcher.
void lkbench_push_lua_string_library(lua_State *L);
#endif
