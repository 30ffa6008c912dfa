// os.time with a date table, read in UTC: the sandbox's os.date formats in UTC, so the table it
// gives back (`os.date("*t")`) must convert back to the same time whatever the machine's time
// zone. Lua's own os.time(t) reads the table in the local zone (mktime); this one does what it
// does (same fields, defaults, errors and normalisation of the table) with timegm.

#define _DEFAULT_SOURCE
#include <limits.h>
#include <time.h>

#include "cluashim.h"

// The table field `key` as an int less `delta`; `fallback` when absent (negative: required).
static int lk_date_field(lua_State *L, const char *key, int fallback, int delta) {
  int isnum;
  int type = lua_getfield(L, 1, key);
  lua_Integer value = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (!isnum) {
    if (type != LUA_TNIL) return luaL_error(L, "field '%s' is not an integer", key);
    if (fallback < 0) return luaL_error(L, "field '%s' missing in date table", key);
    return fallback;
  }
  if (!(value >= 0 ? value - delta <= INT_MAX : INT_MIN + delta <= value))
    return luaL_error(L, "field '%s' is out-of-bound", key);
  return (int)(value - delta);
}

static void lk_set_date_field(lua_State *L, const char *key, int value, int delta) {
  lua_pushinteger(L, (lua_Integer)value + delta);
  lua_setfield(L, 1, key);
}

int lk_utc_time(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  struct tm date = {0};
  date.tm_year = lk_date_field(L, "year", -1, 1900);
  date.tm_mon = lk_date_field(L, "month", -1, 1);
  date.tm_mday = lk_date_field(L, "day", -1, 0);
  date.tm_hour = lk_date_field(L, "hour", 12, 0);
  date.tm_min = lk_date_field(L, "min", 0, 0);
  date.tm_sec = lk_date_field(L, "sec", 0, 0);
  time_t t = timegm(&date);
  if (t == (time_t)-1 || t != (time_t)(lua_Integer)t)
    return luaL_error(L, "time result cannot be represented in this installation");
  // Normalises the table as os.time does (a day 32 becomes the next month's first, …).
  struct tm normal;
  if (gmtime_r(&t, &normal) == NULL)
    return luaL_error(L, "time result cannot be represented in this installation");
  lk_set_date_field(L, "year", normal.tm_year, 1900);
  lk_set_date_field(L, "month", normal.tm_mon, 1);
  lk_set_date_field(L, "day", normal.tm_mday, 0);
  lk_set_date_field(L, "hour", normal.tm_hour, 0);
  lk_set_date_field(L, "min", normal.tm_min, 0);
  lk_set_date_field(L, "sec", normal.tm_sec, 0);
  lk_set_date_field(L, "yday", normal.tm_yday, 1);
  lk_set_date_field(L, "wday", normal.tm_wday, 1);
  lua_pushboolean(L, 0);
  lua_setfield(L, 1, "isdst");
  lua_pushinteger(L, (lua_Integer)t);
  return 1;
}
