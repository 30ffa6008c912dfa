#include "cluabench.h"
#include <lauxlib.h>
#include <lualib.h>

typedef struct counter { const void *tag; double total; } counter;
static const char counter_tag = 0;

static int counter_add(lua_State *L) {
  counter *c = (counter *)lua_touserdata(L, 1);
  if (lua_type(L, 1) != LUA_TUSERDATA || c->tag != &counter_tag) return luaL_error(L, "counter expected");
  c->total += lua_tonumberx(L, 2, NULL);
  lua_pushnumber(L, c->total);
  return 1;
}

void lkbench_push_counter(lua_State *L) {
  counter *c = (counter *)lua_newuserdatauv(L, sizeof(counter), 0);
  c->tag = &counter_tag;
  c->total = 0;
  lua_createtable(L, 0, 1);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, counter_add);
  lua_setfield(L, -2, "add");
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
}

double lkbench_counter_total(lua_State *L, int index) {
  counter *c = (counter *)lua_touserdata(L, index);
  return c ? c->total : 0;
}

void lkbench_push_lua_string_library(lua_State *L) {
  luaopen_string(L);  // a new table, and the string metatable's __index now points at it
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_getglobal(L, "string");
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}
