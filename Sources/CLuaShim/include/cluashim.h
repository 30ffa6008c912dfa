#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stddef.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "lk_method_dispatch.h"

// ---- Lua's macros as functions Swift can call ----
static inline void lk_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void lk_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *lk_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number lk_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer lk_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline int lk_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int lk_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int lk_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void lk_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void lk_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void lk_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline int lk_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline void lk_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int lk_multret(void) { return LUA_MULTRET; }
static inline const char *lk_typename(lua_State *L, int i) { return luaL_typename(L, i); }
static inline void lk_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

// ---- The host context: budgets and bookkeeping for one lua_State and its threads ----
typedef struct lk_context {
  // Memory
  size_t used;              // bytes held by Lua right now
  size_t host_used;         // bytes the host keeps on the code's behalf (timers, listeners), counted
                            // against `limit` with `used` (LuaState.holdHostMemory)
  size_t peak;              // most bytes held at once
  size_t limit;             // budget in bytes; 0 = none
  int enforce;              // 1 while Lua code runs under lk_pcall/lk_resume; 0 while host code runs
  int memory_refused;       // the allocator refused a request during the current call
  char memory_where[256];   // "chunk:line" of the Lua code that asked for it
  // CPU, for one host-to-Lua call (nested calls share it)
  int depth;                       // host-to-Lua calls under way
  long long instruction_limit;     // per call; 0 = none
  long long instructions_left;
  double time_limit;               // seconds per call; 0 = none
  double deadline;                 // monotonic seconds
  int cpu_exceeded;                // 0, 1 = instructions, 2 = time, 3 = time of the whole run
  // CPU over every call (the run): the time spent inside outermost calls, on the clock the
  // per-call time budget reads; time between calls (waiting) is not counted
  double run_time_limit;           // seconds of all calls together; 0 = none
  double run_time_used;            // seconds spent in calls that have returned
  double call_started;             // monotonic seconds when the outermost call under way began
  double run_deadline;             // monotonic seconds at which the run's budget runs out
  lua_State *running;              // the thread that ran Lua code last, for locating errors; never
                                   // dangles: the allocator resets it when that thread is freed
  lua_State *main;                 // the main thread
  int stack_failed;                // a push from the host found no room on a full Lua stack
  void *host;                      // the Swift object that owns the state (not retained)
  struct lk_method_pool *methods;  // the Swift methods' slots (lk_push_swift_method), or NULL
  unsigned long long threads_shown;  // calls of coroutine.running: a thread's handle given to Lua
                                     // (a host coroutine it may hold is not reused)
} lk_context;

enum { LK_HOOK_INTERVAL = 1000 };

/// A new state using the budgeted allocator of `ctx`, with the count hook installed, the panic
/// handler set and `ctx` stored in the state's extra space. NULL when memory is short.
lua_State *lk_newstate(lk_context *ctx);
/// Closes a state made by lk_newstate, then releases the boxes of its methods (they outlive every
/// finalizer lua_close runs).
void lk_close(lua_State *L);
/// The context of a state or any of its threads.
lk_context *lk_context_of(lua_State *L);
/// Pushes "chunk:line: " of the innermost Lua function calling in (frames of the sandbox's own
/// code, chunk "=[sandbox]", are skipped), or "" when there is none.
void lk_push_where(lua_State *L);
/// Monotonic seconds.
double lk_monotonic(void);
/// Charges work done in C (counted like instructions) to the running call's CPU budget; past the
/// budget raises its error (a longjmp: call it only from C code that Lua called).
void lk_charge(lua_State *L, long long instructions);
/// Charges work the host does for the running call (copying a Lua value into Swift) to its CPU
/// budget without raising: returns 0, or 1 (instructions) or 2 (time) when the budget is spent,
/// in which case the next Lua instruction on `L` raises the budget's error.
int lk_charge_host(lua_State *L, long long instructions);
/// Replaces string.find, match, gmatch and gsub with versions of the same semantics whose
/// matching is charged to the CPU budget (Lua's own match in C, out of the count hook's reach).
void lk_install_budgeted_patterns(lua_State *L);
/// Replaces string.rep, table.insert, remove, move and concat with versions of the same
/// semantics whose loops are charged to the CPU budget (some of Lua's loop without allocating,
/// out of the reach of both the hook and the memory budget).
void lk_install_budgeted_loops(lua_State *L);
/// Replaces coroutine.running with one of the same behaviour that counts its calls in the
/// context (`threads_shown`): a host coroutine whose handle Lua code may hold is never reused.
void lk_install_counted_running(lua_State *L);
/// Readies `thread`, a host coroutine that finished (status LUA_OK, stack emptied), to run a new
/// function as a thread just made by lua_newthread on `main` would: with `main`'s hook.
void lk_reuse_thread(lua_State *main, lua_State *thread);

/// A Lua function: whether the running call's CPU budget is spent (its error is under way).
int lk_budget_spent(lua_State *L);
/// A Lua function: `os.time(table)` with the table read in UTC (timegm) instead of the local
/// zone, normalising the table's fields as `os.time` does.
int lk_utc_time(lua_State *L);

/// `lua_pcall` with the budgets enforced; the outermost call starts a fresh CPU budget.
int lk_pcall(lua_State *L, int nargs, int nresults, int msgh);
/// `lua_resume` with the budgets enforced; starts a fresh CPU budget when called from the host.
int lk_resume(lua_State *co, lua_State *from, int nargs, int *nresults);
/// `lua_load` of a text chunk (binary refused) from a buffer, with the budgets enforced.
int lk_loadtext(lua_State *L, const char *chunk, size_t size, const char *chunkname);
/// `lua_load` of a binary chunk the host dumped itself (`lk_dump`), with the budgets enforced.
/// Never for code a plugin gave: plugins load text only.
int lk_loadbinary(lua_State *L, const char *chunk, size_t size, const char *chunkname);

/// The bytes `lk_dump` wrote, malloc'd (free them with `free`).
typedef struct lk_dump_buffer {
  char *bytes;
  size_t count;
  size_t capacity;
} lk_dump_buffer;

/// `lua_dump` of the function on top of the stack, with its debug information (chunk name, lines,
/// local and upvalue names), into `out`; the function stays. 0 when done; on failure (no memory)
/// `out` holds nothing.
int lk_dump(lua_State *L, lk_dump_buffer *out);

/// A message handler that describes an error value that is not a string (lk_describe_error) and
/// stores a traceback in the registry under "lk.traceback" (read it with lk_take_traceback).
int lk_message_handler(lua_State *L);
/// Replaces an error value on top of L that is not a string (a table, nil, …) with a message:
/// "chunk:line: " of the innermost plugin frame of `thread` from `level`, then the value's
/// __tostring (run protected under the call's budget, and not once the budget is spent) or
/// "error (a table value)". Strings and numbers are left as they are.
void lk_describe_error(lua_State *L, lua_State *thread, int level);
/// Pushes the traceback the handler stored (or nil) and clears it.
void lk_take_traceback(lua_State *L);

// ---- Swift functions called from Lua ----
// A Swift function returns r >= 0: return r values; LK_RAISE: raise the value on top of the stack;
// r <= LK_YIELD_BASE: yield (LK_YIELD_BASE - r) values from the top of the stack.
enum { LK_RAISE = -1, LK_YIELD_BASE = -2 };
typedef int (*lk_dispatch_fn)(lua_State *L, void *box);
typedef void (*lk_release_fn)(void *box);
/// Set once by LuaKit: how the trampolines call a Swift function box and a method box, and how a
/// box is released.
void lk_set_swift_hooks(lk_dispatch_fn dispatch, lk_method_dispatch_fn method, lk_release_fn release);
/// Pushes a Lua function that calls the Swift closure `box` (retained by the caller; released
/// through the release hook when Lua collects the function).
void lk_push_swift_function(lua_State *L, void *box);
/// Pushes a Lua function that calls the Swift method `box` (retained by the caller; released by
/// lk_close, or, past a state's first 256 methods, as a function's box) through the method hook with the object of argument 1 when it carries
/// `type_tag` (checked in C), else through the function hook.
void lk_push_swift_method(lua_State *L, void *box, const void *type_tag);

// ---- Swift objects as userdata ----
typedef struct lk_object {
  const void *type_tag;  // identifies the Swift type; the metatable belongs to it
  void *object;          // a retained Swift object, released by __gc
} lk_object;
/// Pushes a new userdata for `object` (retained by the caller) with the metatable stored in the
/// registry at `metatable_ref`.
void lk_push_object(lua_State *L, const void *type_tag, void *object, int metatable_ref);
/// The Swift object of userdata at `index` when its type tag is `type_tag`, else NULL.
static inline void *lk_to_object(lua_State *L, int index, const void *type_tag) {
  // Every full userdata LuaKit makes starts with a word that is a type tag or a box pointer, and
  // only object userdata carry a tag, so the tag alone identifies the type.
  if (lua_type(L, index) != LUA_TUSERDATA) return NULL;
  lk_object *o = (lk_object *)lua_touserdata(L, index);
  return o->type_tag == type_tag ? o->object : NULL;
}
/// The `__gc` metamethod of object userdata.
int lk_object_gc(lua_State *L);
/// An `__index` metamethod: rawget in the methods table (upvalue 1), else calls the property's
/// getter found in upvalue 2 (a table of functions by name) with the object; nil for no property.
int lk_object_index(lua_State *L);

// ---- Read-only modules ----
/// Replaces the table of fields on top of the stack with a read-only module named `name`: a
/// userdata whose fields read as the table's, and that assignment, rawset and setmetatable
/// cannot change (assignment raises "name is read-only: cannot set name.key").
void lk_push_module(lua_State *L, const char *name);
/// A Lua function: the name of the module passed, or nothing when it is not a module.
int lk_module_name(lua_State *L);
/// Pushes the fields table of the module at `index` and returns 1, or returns 0 when the value
/// is not a module.
int lk_push_module_fields(lua_State *L, int index);

#endif
