// Calls from the shim into Swift, shared by the shim's files (not part of its public header):
// the hooks LuaKit sets, the context switch around a call into Swift, and the call of a method.

#ifndef LK_SWIFT_CALLS_H
#define LK_SWIFT_CALLS_H

#include "cluashim.h"

// Set once by lk_set_swift_hooks.
extern lk_dispatch_fn lk_dispatch_hook __attribute__((visibility("hidden")));
extern lk_method_dispatch_fn lk_method_dispatch_hook __attribute__((visibility("hidden")));
extern lk_release_fn lk_release_hook __attribute__((visibility("hidden")));

// What a Swift method's C function needs: the method's box and its class's type tag. The box
// comes first: lk_box_gc releases the first word of a box userdata, a method's or a function's.
// Only the shim reads it: Lua code cannot reach a C function's upvalues (the sandbox has no debug
// library), nor the pool of lk_method_pool.c.
typedef struct lk_method_slot {
  void *box;
  const void *type_tag;  // the type tag of the method's objects
} lk_method_slot;

// The context of a state or any of its threads (lk_context_of, inlined).
static inline lk_context *lk_context_inline(lua_State *L) { return *(lk_context **)lua_getextraspace(L); }

// Entering Swift: host code runs there, so the allocator must not refuse (a refusal would jump
// over Swift frames). Returns what `enforce` was.
static inline int lk_enter_swift(lua_State *L, lk_context *ctx) {
  int enforce = ctx->enforce;
  ctx->enforce = 0;
  ctx->running = L;
  return enforce;
}

// What lk_leave_swift does past the usual case: raises or yields as Swift asked. Out of line, so
// that the frames calling into Swift keep only the usual case.
__attribute__((noinline, cold, visibility("hidden"))) int lk_swift_asked(lua_State *L, lk_context *ctx, int result);

// Back from Swift, in the calling C function's own frame: raises or yields as Swift asked, so
// that longjmp never crosses Swift.
static inline int lk_leave_swift(lua_State *L, lk_context *ctx, int enforce, int result) {
  ctx->enforce = enforce;
  ctx->running = L;  // Swift may have run Lua on other threads
  if (__builtin_expect(ctx->stack_failed == 0 && result >= 0, 1)) return result;
  return lk_swift_asked(L, ctx, result);
}

// A method called without an object of its type (a dot call, another value as self): the box,
// called as a function, raises the error that shows the colon form. Out of line, so that the
// method's own frame stays small.
__attribute__((noinline, cold, visibility("hidden"))) int lk_refuse_method_call(lua_State *L, void *box);

// The C side of a Swift method: checks argument 1's type tag here, so that Swift gets the object
// in one call.
static inline __attribute__((always_inline)) int lk_call_method(lua_State *L, const lk_method_slot *slot) {
  void *box = slot->box;
  void *object = lk_to_object(L, 1, slot->type_tag);
  if (__builtin_expect(object == NULL, 0)) return lk_refuse_method_call(L, box);
  lk_context *ctx = lk_context_inline(L);
  int enforce = lk_enter_swift(L, ctx);
  return lk_leave_swift(L, ctx, enforce, lk_method_dispatch_hook(L, box, object));
}

// Pushes the method as one of the pool's C functions, which find their slot without an upvalue
// (lk_method_pool.c); returns 0, pushing nothing, when the pool is full.
__attribute__((visibility("hidden"))) int lk_push_pooled_method(lua_State *L, void *box, const void *type_tag);

#endif
