// string.rep, table.insert, table.remove, table.move and table.concat with Lua 5.4's semantics
// (arguments, results and error messages), their loops charged to the running call's CPU budget.
//
// Why: Lua's own versions loop in C, where the count hook never runs, and some loops allocate
// nothing, so the memory budget cannot stop them either: string.rep("", math.maxinteger) copies
// nothing 2^63 times; table.move({}, 1, 1e15, 2) and table.insert/remove on a table whose length
// (a __len metamethod, or the border of a sparse table) is huge move nils for ever. Here a loop
// of n steps is charged n instructions as it goes, and past the budget raises the budget's error.
//
// The functions follow the behaviour of Lua's lstrlib.c and ltablib.c (written anew here); so
// Lua's notice is kept with them.
//
// Lua's license (the notice of /usr/include/lua5.4/lua.h):
//
// Copyright (C) 1994-2022 Lua.org, PUC-Rio.
//
// Permission is hereby granted, free of charge, to any person obtaining
// a copy of this software and associated documentation files (the
// "Software"), to deal in the Software without restriction, including
// without limitation the rights to use, copy, modify, merge, publish,
// distribute, sublicense, and/or sell copies of the Software, and to
// permit persons to whom the Software is furnished to do so, subject to
// the following conditions:
//
// The above copyright notice and this permission notice shall be
// included in all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
// IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
// CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
// TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
// SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

#include "cluashim.h"

#include <limits.h>
#include <string.h>

enum {
  LK_STEPS_PER_CHARGE = 1024,
  LK_TAB_R = 1,  // the argument is read: a table, or has __index
  LK_TAB_W = 2,  // written: a table, or has __newindex
  LK_TAB_L = 4,  // measured: a table, or has __len
};

// Counts loop steps and charges them to the budget every LK_STEPS_PER_CHARGE.
typedef struct lk_meter {
  lua_State *L;
  int steps;
} lk_meter;

static void lk_tick(lk_meter *m) {
  if (++m->steps < LK_STEPS_PER_CHARGE) return;
  lk_charge(m->L, m->steps);
  m->steps = 0;
}

// The argument must be a table, or carry the metamethods that `what` uses.
static void lk_check_table(lua_State *L, int arg, int what) {
  if (lua_type(L, arg) == LUA_TTABLE) return;
  int ok = lua_getmetatable(L, arg);
  int pushed = ok;
  static const struct { int flag; const char *name; } needs[] = {
    {LK_TAB_R, "__index"}, {LK_TAB_W, "__newindex"}, {LK_TAB_L, "__len"},
  };
  for (int i = 0; ok && i < 3; i++) {
    if (!(what & needs[i].flag)) continue;
    lua_pushstring(L, needs[i].name);
    ok = lua_rawget(L, -1 - pushed) != LUA_TNIL;
    pushed++;
  }
  if (ok) {
    lua_pop(L, pushed);
    return;
  }
  luaL_checktype(L, arg, LUA_TTABLE);  // raises the usual "table expected" error
}

static lua_Integer lk_length(lua_State *L, int arg, int what) {
  lk_check_table(L, arg, what | LK_TAB_L);
  return luaL_len(L, arg);
}

// ---- string.rep ----

static int lk_string_rep(lua_State *L) {
  size_t length, separator_length;
  const char *s = luaL_checklstring(L, 1, &length);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *separator = luaL_optlstring(L, 3, "", &separator_length);
  // Nothing to repeat: the result is "" however many times (Lua would still loop n times).
  if (n <= 0 || length + separator_length == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  const size_t max_size = (size_t)INT_MAX;  // Lua's own limit for a string it builds
  if (length + separator_length < length || length + separator_length > max_size / (size_t)n)
    return luaL_error(L, "resulting string too large");
  size_t total = (size_t)n * length + (size_t)(n - 1) * separator_length;
  luaL_Buffer b;
  char *p = luaL_buffinitsize(L, &b, total);
  lk_meter m = {L, 0};
  while (n-- > 1) {
    memcpy(p, s, length);
    p += length;
    if (separator_length > 0) {
      memcpy(p, separator, separator_length);
      p += separator_length;
    }
    lk_tick(&m);
  }
  memcpy(p, s, length);
  luaL_pushresultsize(&b, total);
  return 1;
}

// ---- table.insert, table.remove, table.move ----

static int lk_table_insert(lua_State *L) {
  lua_Integer first_empty = luaL_intop(+, lk_length(L, 1, LK_TAB_R | LK_TAB_W), 1);
  lua_Integer position = first_empty;
  switch (lua_gettop(L)) {
    case 2: break;
    case 3: {
      position = luaL_checkinteger(L, 2);
      luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)first_empty, 2, "position out of bounds");
      lk_meter m = {L, 0};
      for (lua_Integer i = first_empty; i > position; i--) {
        lua_geti(L, 1, i - 1);
        lua_seti(L, 1, i);
        lk_tick(&m);
      }
      break;
    }
    default: return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, position);
  return 0;
}

static int lk_table_remove(lua_State *L) {
  lua_Integer size = lk_length(L, 1, LK_TAB_R | LK_TAB_W);
  lua_Integer position = luaL_optinteger(L, 2, size);
  if (position != size)
    luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
  lua_geti(L, 1, position);
  lk_meter m = {L, 0};
  for (; position < size; position++) {
    lua_geti(L, 1, position + 1);
    lua_seti(L, 1, position);
    lk_tick(&m);
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
  return 1;
}

static int lk_table_move(lua_State *L) {
  lua_Integer from = luaL_checkinteger(L, 2);
  lua_Integer to_end = luaL_checkinteger(L, 3);
  lua_Integer to = luaL_checkinteger(L, 4);
  int destination = lua_isnoneornil(L, 5) ? 1 : 5;
  lk_check_table(L, 1, LK_TAB_R);
  lk_check_table(L, destination, LK_TAB_W);
  if (to_end >= from) {
    luaL_argcheck(L, from > 0 || to_end < LUA_MAXINTEGER + from, 3, "too many elements to move");
    lua_Integer count = to_end - from + 1;
    luaL_argcheck(L, to <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
    lk_meter m = {L, 0};
    // Forwards unless the ranges overlap in the same table with the destination ahead.
    int forwards = to > to_end || to <= from || (destination != 1 && !lua_compare(L, 1, destination, LUA_OPEQ));
    for (lua_Integer k = 0; k < count; k++) {
      lua_Integer i = forwards ? k : count - 1 - k;
      lua_geti(L, 1, from + i);
      lua_seti(L, destination, to + i);
      lk_tick(&m);
    }
  }
  lua_pushvalue(L, destination);
  return 1;
}

// ---- table.concat ----

static void lk_add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid value (at index %I) in table for 'concat'", (LUAI_UACINT)i);
  luaL_addvalue(b);
}

static int lk_table_concat(lua_State *L) {
  lua_Integer last = lk_length(L, 1, LK_TAB_R);
  size_t separator_length;
  const char *separator = luaL_optlstring(L, 2, "", &separator_length);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lk_meter m = {L, 0};
  for (; i < last; i++) {
    lk_add_field(L, &b, i);
    luaL_addlstring(&b, separator, separator_length);
    lk_tick(&m);
  }
  if (i == last) lk_add_field(L, &b, i);
  luaL_pushresult(&b);
  return 1;
}

void lk_install_budgeted_loops(lua_State *L) {
  static const luaL_Reg table_functions[] = {
    {"insert", lk_table_insert}, {"remove", lk_table_remove}, {"move", lk_table_move}, {"concat", lk_table_concat}, {NULL, NULL},
  };
  lua_getglobal(L, "table");
  if (lua_istable(L, -1)) luaL_setfuncs(L, table_functions, 0);
  lua_pop(L, 1);
  lua_getglobal(L, "string");
  if (lua_istable(L, -1)) {
    lua_pushcfunction(L, lk_string_rep);
    lua_setfield(L, -2, "rep");
  }
  lua_pop(L, 1);
}
