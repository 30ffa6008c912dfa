// Read-only modules: the host's library globals (`http`, `json`, …) as userdata whose fields a
// plugin can read but not change. A table could be changed with rawset or given another
// metatable; a userdata has no fields of its own, and its metatable is out of Lua's reach
// (`__metatable`), so neither assignment, rawset nor setmetatable can touch it. Reading a field
// goes through `__index`, a table: the VM looks it up without calling any function.

#include "cluashim.h"

static const char lk_module_tag = 0;

enum { LK_MODULE_FIELDS = 1, LK_MODULE_NAME = 2 };

static int lk_is_module(lua_State *L, int index) {
  return lua_type(L, index) == LUA_TUSERDATA && lua_rawlen(L, index) == sizeof(lk_object)
         && ((lk_object *)lua_touserdata(L, index))->type_tag == &lk_module_tag;
}

// Pushes a short description of the key at `index` that runs no metamethod.
static void lk_push_key(lua_State *L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TSTRING: lua_pushvalue(L, index); break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, index));
      else lua_pushfstring(L, "%f", (LUAI_UACNUMBER)lua_tonumber(L, index));
      break;
    default: lua_pushfstring(L, "[%s]", luaL_typename(L, index));
  }
}

// __newindex(module, key, value): always an error naming the module and the key.
static int lk_module_newindex(lua_State *L) {
  lk_push_where(L);
  lua_getiuservalue(L, 1, LK_MODULE_NAME);
  lua_pushliteral(L, " is read-only: cannot set ");
  lua_getiuservalue(L, 1, LK_MODULE_NAME);
  lua_pushliteral(L, ".");
  lk_push_key(L, 2);
  lua_concat(L, 6);
  return lua_error(L);
}

// __pairs(module): the module's fields, read through next.
static int lk_module_pairs(lua_State *L) {
  lua_getglobal(L, "next");
  lua_getiuservalue(L, 1, LK_MODULE_FIELDS);
  lua_pushnil(L);
  return 3;
}

void lk_push_module(lua_State *L, const char *name) {
  lk_object *o = (lk_object *)lua_newuserdatauv(L, sizeof(lk_object), 2);
  o->type_tag = &lk_module_tag;
  o->object = NULL;
  lua_pushvalue(L, -2);
  lua_setiuservalue(L, -2, LK_MODULE_FIELDS);
  lua_pushstring(L, name);
  lua_setiuservalue(L, -2, LK_MODULE_NAME);
  lua_createtable(L, 0, 5);
  lua_pushvalue(L, -3);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, lk_module_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, lk_module_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_remove(L, -2);
}

int lk_module_name(lua_State *L) {
  if (!lk_is_module(L, 1)) return 0;
  lua_getiuservalue(L, 1, LK_MODULE_NAME);
  return 1;
}

int lk_push_module_fields(lua_State *L, int index) {
  if (!lk_is_module(L, index)) return 0;
  lua_getiuservalue(L, index, LK_MODULE_FIELDS);
  return 1;
}
