// Swift methods as light C functions. A method's C function must find its box and type tag; a
// C closure keeps them in an upvalue, and reading it (lua_touserdata of lua_upvalueindex(1)) was
// the bridge's largest single cost. A pooled method is instead one of LK_POOLED_METHODS C
// functions, each with its own number, which is the index of its slot in the state's pool
// (lk_context.methods): two loads from the state's extra space. Past the pool's size, methods
// are C closures again (lk_push_swift_method).
//
// A slot is taken for good: Lua may hold a method's function as long as the state lives (even
// after its class is registered again), so the pool's boxes are released after lua_close
// (lk_close), once no finalizer can call them any more. Lua code cannot make a light C function
// of its own, and a state's functions never reach another state, so an entry runs only with the
// slot it was pushed for.

#include <stdlib.h>

#include "lk_swift_calls.h"

enum { LK_POOLED_METHODS = 256 };

struct lk_method_pool {
  int count;  // slots taken
  lk_method_slot slots[LK_POOLED_METHODS];
};

// Out of line, so that each entry is two instructions (its number, a jump).
__attribute__((noinline)) static int lk_pooled_method(lua_State *L, int index) {
  return lk_call_method(L, &lk_context_inline(L)->methods->slots[index]);
}

#define LK_ENTRY(n) \
  static int lk_method_##n(lua_State *L) { return lk_pooled_method(L, 0x##n); }
#define LK_ENTRIES(h)                                                                                   \
  LK_ENTRY(h##0) LK_ENTRY(h##1) LK_ENTRY(h##2) LK_ENTRY(h##3) LK_ENTRY(h##4) LK_ENTRY(h##5)           \
  LK_ENTRY(h##6) LK_ENTRY(h##7) LK_ENTRY(h##8) LK_ENTRY(h##9) LK_ENTRY(h##a) LK_ENTRY(h##b)           \
  LK_ENTRY(h##c) LK_ENTRY(h##d) LK_ENTRY(h##e) LK_ENTRY(h##f)
LK_ENTRIES(0) LK_ENTRIES(1) LK_ENTRIES(2) LK_ENTRIES(3) LK_ENTRIES(4) LK_ENTRIES(5) LK_ENTRIES(6)
LK_ENTRIES(7) LK_ENTRIES(8) LK_ENTRIES(9) LK_ENTRIES(a) LK_ENTRIES(b) LK_ENTRIES(c) LK_ENTRIES(d)
LK_ENTRIES(e) LK_ENTRIES(f)

#define LK_NAMES(h)                                                                                     \
  lk_method_##h##0, lk_method_##h##1, lk_method_##h##2, lk_method_##h##3, lk_method_##h##4,            \
  lk_method_##h##5, lk_method_##h##6, lk_method_##h##7, lk_method_##h##8, lk_method_##h##9,            \
  lk_method_##h##a, lk_method_##h##b, lk_method_##h##c, lk_method_##h##d, lk_method_##h##e,            \
  lk_method_##h##f

static const lua_CFunction lk_method_entries[LK_POOLED_METHODS] = {
  LK_NAMES(0), LK_NAMES(1), LK_NAMES(2), LK_NAMES(3), LK_NAMES(4), LK_NAMES(5), LK_NAMES(6), LK_NAMES(7),
  LK_NAMES(8), LK_NAMES(9), LK_NAMES(a), LK_NAMES(b), LK_NAMES(c), LK_NAMES(d), LK_NAMES(e), LK_NAMES(f),
};

int lk_push_pooled_method(lua_State *L, void *box, const void *type_tag) {
  lk_context *ctx = lk_context_inline(L);
  if (ctx->methods == NULL) ctx->methods = calloc(1, sizeof(struct lk_method_pool));
  if (ctx->methods == NULL || ctx->methods->count == LK_POOLED_METHODS) return 0;
  int index = ctx->methods->count++;
  ctx->methods->slots[index].box = box;
  ctx->methods->slots[index].type_tag = type_tag;
  lua_pushcfunction(L, lk_method_entries[index]);
  return 1;
}

void lk_close(lua_State *L) {
  lk_context *ctx = lk_context_inline(L);
  lua_close(L);
  struct lk_method_pool *pool = ctx->methods;
  if (pool == NULL) return;
  for (int i = 0; i < pool->count; i++) lk_release_hook(pool->slots[i].box);
  free(pool);
  ctx->methods = NULL;
}
