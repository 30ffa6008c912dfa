#include "cluashim.h"
#include "lk_swift_calls.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// ---- Context, allocator, hook ----

lk_context *lk_context_of(lua_State *L) { return *(lk_context **)lua_getextraspace(L); }

double lk_monotonic(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

// Writes "chunk:line" of the innermost Lua function running on L, skipping the sandbox's own
// code (chunk "=[sandbox]"). Reads only what lua_getinfo gives for "Sl", which allocates
// nothing, so it is safe inside the allocator.
static void lk_where(lua_State *L, char *buffer, size_t size) {
  lua_Debug ar;
  buffer[0] = '\0';
  if (L == NULL) return;
  for (int level = 0; level < 32 && lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, "=[sandbox]") != 0) {
      snprintf(buffer, size, "%s:%d", ar.short_src, ar.currentline);
      return;
    }
  }
}

void lk_push_where(lua_State *L) {
  lua_Debug ar;
  for (int level = 1; level < 64 && lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, "=[sandbox]") != 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

static void *lk_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  lk_context *ctx = (lk_context *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    // A thread's block starts at its extra space: when the thread that `running` names is
    // freed (a coroutine Lua created, collected), point it at a thread that lives on.
    if (ptr != NULL && ctx->running != NULL && ptr == lua_getextraspace(ctx->running))
      ctx->running = ctx->running == ctx->main ? NULL : ctx->main;
    free(ptr);
    ctx->used -= old;
    return NULL;
  }
  // Refuse only while Lua code runs: a refusal raises a Lua error that jumps, and a jump must
  // never cross a Swift frame. Host code may overshoot; the next Lua allocation is refused.
  if (nsize > old && ctx->limit && ctx->enforce && ctx->used + ctx->host_used - old + nsize > ctx->limit) {
    if (!ctx->memory_refused) lk_where(ctx->running, ctx->memory_where, sizeof ctx->memory_where);
    ctx->memory_refused = 1;
    return NULL;
  }
  void *block = realloc(ptr, nsize);
  if (block == NULL) return NULL;
  ctx->used = ctx->used - old + nsize;
  if (ctx->used + ctx->host_used > ctx->peak) ctx->peak = ctx->used + ctx->host_used;
  return block;
}

// Takes `instructions` from the call's budget and checks its deadline; notes which ran out.
static void lk_spend(lk_context *ctx, long long instructions) {
  if (ctx->cpu_exceeded) return;
  if (ctx->instruction_limit > 0) {
    ctx->instructions_left -= instructions;
    if (ctx->instructions_left <= 0) ctx->cpu_exceeded = 1;
  }
  if (ctx->time_limit > 0 || ctx->run_time_limit > 0) {
    double now = lk_monotonic();
    if (ctx->time_limit > 0 && now > ctx->deadline)
      ctx->cpu_exceeded = 2;
    else if (ctx->run_time_limit > 0 && now > ctx->run_deadline)
      ctx->cpu_exceeded = 3;
  }
}

static void lk_hook(lua_State *L, lua_Debug *ar);

// Raises the error of an exceeded budget. From then on the hook raises at every instruction,
// so that no pcall in the plugin can outlast it.
static void lk_raise_cpu_exceeded(lua_State *L, lk_context *ctx) {
  lua_sethook(L, lk_hook, LUA_MASKCOUNT, 1);
  char where[256], message[400];
  lk_where(L, where, sizeof where);
  if (ctx->cpu_exceeded == 1)
    snprintf(message, sizeof message, "%s: instruction budget exceeded (%lld instructions)", where,
             ctx->instruction_limit);
  else if (ctx->cpu_exceeded == 2)
    snprintf(message, sizeof message, "%s: time budget exceeded (%g s)", where, ctx->time_limit);
  else
    snprintf(message, sizeof message, "%s: run time budget exceeded (%g s of plugin time in all calls)", where,
             ctx->run_time_limit);
  lua_pushstring(L, message);
  lua_error(L);
}

static void lk_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lk_context *ctx = lk_context_of(L);
  ctx->running = L;
  if (ctx->depth == 0) return;
  lk_spend(ctx, lua_gethookcount(L));
  if (ctx->cpu_exceeded) lk_raise_cpu_exceeded(L, ctx);
  if (lua_gethookcount(L) != LK_HOOK_INTERVAL) lua_sethook(L, lk_hook, LUA_MASKCOUNT, LK_HOOK_INTERVAL);
}

void lk_charge(lua_State *L, long long instructions) {
  lk_context *ctx = lk_context_of(L);
  if (ctx == NULL || ctx->depth == 0) return;
  lk_spend(ctx, instructions);
  if (ctx->cpu_exceeded) lk_raise_cpu_exceeded(L, ctx);
}

int lk_charge_host(lua_State *L, long long instructions) {
  lk_context *ctx = lk_context_of(L);
  if (ctx == NULL || ctx->depth == 0) return 0;
  lk_spend(ctx, instructions);
  if (ctx->cpu_exceeded) lua_sethook(L, lk_hook, LUA_MASKCOUNT, 1);
  return ctx->cpu_exceeded;
}

int lk_budget_spent(lua_State *L) {
  lk_context *ctx = lk_context_of(L);
  lua_pushboolean(L, ctx != NULL && ctx->depth > 0 && ctx->cpu_exceeded);
  return 1;
}

static int lk_panic(lua_State *L) {
  const char *message = lua_tostring(L, -1);
  fprintf(stderr, "adhost: unprotected Lua error (a LuaKit bug): %s\n", message ? message : "?");
  abort();
}

lua_State *lk_newstate(lk_context *ctx) {
  lua_State *L = lua_newstate(lk_alloc, ctx);
  if (L == NULL) return NULL;
  *(lk_context **)lua_getextraspace(L) = ctx;
  lua_atpanic(L, lk_panic);
  lua_sethook(L, lk_hook, LUA_MASKCOUNT, LK_HOOK_INTERVAL);
  ctx->running = L;
  ctx->main = L;
  return L;
}

// ---- Protected entry points ----

static void lk_enter(lua_State *L, lk_context *ctx) {
  if (ctx->depth++ == 0) {
    double now = ctx->time_limit > 0 || ctx->run_time_limit > 0 ? lk_monotonic() : 0;
    ctx->instructions_left = ctx->instruction_limit;
    ctx->deadline = ctx->time_limit > 0 ? now + ctx->time_limit : 0;
    ctx->call_started = now;
    ctx->run_deadline = now + (ctx->run_time_limit - ctx->run_time_used);
    ctx->cpu_exceeded = 0;
    ctx->memory_refused = 0;
    ctx->memory_where[0] = '\0';
    // The count hook makes the VM check every instruction: only when there is a CPU budget.
    if (ctx->instruction_limit > 0 || ctx->time_limit > 0 || ctx->run_time_limit > 0)
      lua_sethook(L, lk_hook, LUA_MASKCOUNT, LK_HOOK_INTERVAL);
    else
      lua_sethook(L, NULL, 0, 0);
    // The run's budget is spent: the call's first instruction raises its error, however short
    // the call (a cheap timer callback would otherwise run to its end before the hook's check).
    if (ctx->run_time_limit > 0 && ctx->run_time_used >= ctx->run_time_limit) {
      ctx->cpu_exceeded = 3;
      lua_sethook(L, lk_hook, LUA_MASKCOUNT, 1);
    }
  }
}

// A host-to-Lua call: returns what `enforce` was, to put back when the call returns.
static int lk_begin_call(lua_State *L, lk_context *ctx) {
  int enforce = ctx->enforce;
  lk_enter(L, ctx);
  ctx->enforce = 1;
  ctx->running = L;
  return enforce;
}

// `running` is not restored from before the call: that thread may have been freed meanwhile.
// `caller` is a thread that is alive after the call (the one that made it).
static void lk_end_call(lk_context *ctx, int enforce, lua_State *caller) {
  ctx->enforce = enforce;
  ctx->running = caller;
  if (--ctx->depth == 0 && ctx->run_time_limit > 0) ctx->run_time_used += lk_monotonic() - ctx->call_started;
}

int lk_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  lk_context *ctx = lk_context_of(L);
  int enforce = lk_begin_call(L, ctx);
  int status = lua_pcall(L, nargs, nresults, msgh);
  lk_end_call(ctx, enforce, L);
  return status;
}

int lk_resume(lua_State *co, lua_State *from, int nargs, int *nresults) {
  lk_context *ctx = lk_context_of(co);
  int enforce = lk_begin_call(co, ctx);
  int status = lua_resume(co, from, nargs, nresults);
  lk_end_call(ctx, enforce, from != NULL ? from : ctx->main);
  return status;
}

/* Loads a chunk in `mode` ("t" or "b") with the state's limits enforced while it compiles. */
static int lk_load_mode(lua_State *L, const char *chunk, size_t size, const char *chunkname,
                        const char *mode) {
  lk_context *ctx = lk_context_of(L);
  int enforce = ctx->enforce;
  ctx->enforce = 1;
  int status = luaL_loadbufferx(L, chunk, size, chunkname, mode);
  ctx->enforce = enforce;
  return status;
}

int lk_loadtext(lua_State *L, const char *chunk, size_t size, const char *chunkname) {
  return lk_load_mode(L, chunk, size, chunkname, "t");
}

int lk_loadbinary(lua_State *L, const char *chunk, size_t size, const char *chunkname) {
  return lk_load_mode(L, chunk, size, chunkname, "b");
}

static int lk_dump_writer(lua_State *L, const void *part, size_t size, void *data) {
  (void)L;
  lk_dump_buffer *out = data;
  if (size > out->capacity - out->count) {
    size_t capacity = out->capacity > 0 ? out->capacity : 4096;
    while (capacity - out->count < size) {
      if (capacity > SIZE_MAX / 2) return 1;
      capacity *= 2;
    }
    char *grown = realloc(out->bytes, capacity);
    if (grown == NULL) return 1;
    out->bytes = grown;
    out->capacity = capacity;
  }
  memcpy(out->bytes + out->count, part, size);
  out->count += size;
  return 0;
}

int lk_dump(lua_State *L, lk_dump_buffer *out) {
  out->bytes = NULL;
  out->count = 0;
  out->capacity = 0;
  int status = lua_dump(L, lk_dump_writer, out, 0);
  if (status != 0) {
    free(out->bytes);
    out->bytes = NULL;
    out->count = 0;
    out->capacity = 0;
  }
  return status;
}

static const char *lk_traceback_key = "lk.traceback";

int lk_message_handler(lua_State *L) {
  lua_settop(L, 1);
  // Level 1 is `error` (or the function that failed), and Lua code calls it from level 2 up.
  lk_describe_error(L, L, 1);
  luaL_traceback(L, L, lua_tostring(L, 1), 1);
  lua_setfield(L, LUA_REGISTRYINDEX, lk_traceback_key);
  lua_settop(L, 1);
  return 1;
}

// luaL_tolstring of the argument, for a protected call of a __tostring metamethod.
static int lk_tostring_value(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}

void lk_describe_error(lua_State *L, lua_State *thread, int level) {
  int type = lua_type(L, -1);
  if (type == LUA_TSTRING || type == LUA_TNUMBER) return;
  int value = lua_absindex(L, -1);
  char where[256] = "";
  lua_Debug ar;
  for (int i = level; i < level + 64 && lua_getstack(thread, i, &ar); i++) {
    if (lua_getinfo(thread, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, "=[sandbox]") != 0) {
      snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
      break;
    }
  }
  lk_context *ctx = lk_context_of(L);
  // A __tostring is the plugin's own code: run protected and under the call's budget, and not
  // at all once the budget is spent (the error may be the budget's, raised with the hook off).
  if (luaL_getmetafield(L, value, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    if (ctx->cpu_exceeded) {
      lua_pushfstring(L, "%serror (a %s value; its __tostring was not run: the budget is spent)", where,
                      luaL_typename(L, value));
    } else {
      lua_pushcfunction(L, lk_tostring_value);
      lua_pushvalue(L, value);
      if (lk_pcall(L, 1, 1, 0) == LUA_OK) {
        lua_pushfstring(L, "%s%s", where, lua_tostring(L, -1));
      } else {
        const char *reason = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "an error that is not a string";
        lua_pushfstring(L, "%serror (a %s value whose __tostring failed: %s)", where, luaL_typename(L, value), reason);
      }
      lua_remove(L, -2);
    }
  } else {
    lua_pushfstring(L, "%serror (a %s value)", where, luaL_typename(L, value));
  }
  lua_replace(L, value);
}

void lk_take_traceback(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, lk_traceback_key);
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, lk_traceback_key);
}

// ---- Swift functions ----

lk_dispatch_fn lk_dispatch_hook = NULL;
lk_method_dispatch_fn lk_method_dispatch_hook = NULL;
lk_release_fn lk_release_hook = NULL;
static const char lk_box_metatable_key = 0;

void lk_set_swift_hooks(lk_dispatch_fn dispatch, lk_method_dispatch_fn method, lk_release_fn release) {
  lk_dispatch_hook = dispatch;
  lk_method_dispatch_hook = method;
  lk_release_hook = release;
}

static int lk_box_gc(lua_State *L) {
  void **slot = (void **)lua_touserdata(L, 1);
  if (slot && *slot) {
    lk_release_hook(*slot);
    *slot = NULL;
  }
  return 0;
}

int lk_swift_asked(lua_State *L, lk_context *ctx, int result) {
  if (ctx->stack_failed) {
    // Swift could not push everything: drop what it pushed (a C function is promised
    // LUA_MINSTACK free slots, room for the message) and raise.
    ctx->stack_failed = 0;
    lua_settop(L, 0);
    return luaL_error(L, "stack overflow (no room on the Lua stack for the host's results)");
  }
  if (result == LK_RAISE) return lua_error(L);
  return lua_yield(L, LK_YIELD_BASE - result);
}

// Calls the Swift function `box`.
static int lk_call_box(lua_State *L, void *box) {
  lk_context *ctx = lk_context_of(L);
  int enforce = lk_enter_swift(L, ctx);
  return lk_leave_swift(L, ctx, enforce, lk_dispatch_hook(L, box));
}

// The C side of every Swift function.
static int lk_trampoline(lua_State *L) {
  void **slot = (void **)lua_touserdata(L, lua_upvalueindex(1));
  return lk_call_box(L, *slot);
}

int lk_refuse_method_call(lua_State *L, void *box) { return lk_call_box(L, box); }

// The C side of a Swift method past the pool's size (lk_method_pool.c): the same as a pooled
// one, with its slot in its upvalue.
static int lk_method_trampoline(lua_State *L) {
  return lk_call_method(L, (const lk_method_slot *)lua_touserdata(L, lua_upvalueindex(1)));
}

// Gives the userdata on top of the stack the boxes' metatable (made once per state).
static void lk_set_box_metatable(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lk_box_metatable_key) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, lk_box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lk_box_metatable_key);
  }
  lua_setmetatable(L, -2);
}

void lk_push_swift_function(lua_State *L, void *box) {
  void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *slot = box;
  lk_set_box_metatable(L);
  lua_pushcclosure(L, lk_trampoline, 1);
}

void lk_push_swift_method(lua_State *L, void *box, const void *type_tag) {
  if (lk_push_pooled_method(L, box, type_tag)) return;
  lk_method_slot *slot = (lk_method_slot *)lua_newuserdatauv(L, sizeof(lk_method_slot), 0);
  slot->box = box;
  slot->type_tag = type_tag;
  lk_set_box_metatable(L);
  lua_pushcclosure(L, lk_method_trampoline, 1);
}

// ---- Objects ----

void lk_push_object(lua_State *L, const void *type_tag, void *object, int metatable_ref) {
  lk_object *o = (lk_object *)lua_newuserdatauv(L, sizeof(lk_object), 0);
  o->type_tag = type_tag;
  o->object = object;
  lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_ref);
  lua_setmetatable(L, -2);
}

int lk_object_gc(lua_State *L) {
  if (lua_type(L, 1) != LUA_TUSERDATA || lua_rawlen(L, 1) != sizeof(lk_object)) return 0;
  lk_object *o = (lk_object *)lua_touserdata(L, 1);
  if (o->object) {
    lk_release_hook(o->object);
    o->object = NULL;
  }
  return 0;
}

int lk_object_index(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TNIL) return 1;
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  return 1;
}
