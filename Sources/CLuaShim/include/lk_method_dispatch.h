#ifndef LK_METHOD_DISPATCH_H
#define LK_METHOD_DISPATCH_H

#include <lua.h>

// In a header of its own: its pointers are marked non-null, and clang asks a header that marks
// some to mark all.
#pragma clang assume_nonnull begin

/// Calls a method box with the object of argument 1 (a method whose argument 1 is not an object
/// of its type, a dot call or another value as self, goes to lk_dispatch_fn instead, to raise).
/// Non-null pointers, so that Swift's side checks none on every call.
typedef int (*lk_method_dispatch_fn)(lua_State *L, void *box, void *object);

#pragma clang assume_nonnull end

#endif
