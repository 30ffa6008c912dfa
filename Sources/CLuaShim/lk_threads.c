// Host coroutines reused: a thread whose function returned can run the next callback, which
// saves making (and later collecting) a thread per plugin callback. See LuaState+Threads.swift.

#include "cluashim.h"

// coroutine.running as Lua's own (the running thread and whether it is the main one), counting
// the calls: once Lua code holds a thread's handle, reusing that thread would change what the
// handle shows (`coroutine.status` of a finished callback's thread must stay "dead").
static int lk_coroutine_running(lua_State *L) {
  int is_main = lua_pushthread(L);
  lua_pushboolean(L, is_main);
  lk_context_of(L)->threads_shown++;
  return 2;
}

void lk_install_counted_running(lua_State *L) {
  lua_getglobal(L, "coroutine");
  if (lua_istable(L, -1)) {
    lua_pushcfunction(L, lk_coroutine_running);
    lua_setfield(L, -2, "running");
  }
  lua_pop(L, 1);
}

void lk_reuse_thread(lua_State *main, lua_State *thread) {
  // lua_newthread copies the hook of the thread that makes it; a reused thread may carry the
  // hook its last call left (a budget's count of 1).
  lua_sethook(thread, lua_gethook(main), lua_gethookmask(main), lua_gethookcount(main));
}
