#include <stdio.h>
#include <editline/readline.h>

// libedit's settings are C globals; Swift sets them through these.
static inline void adhost_set_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}
static inline void adhost_set_completion_append_character(int character) {
  rl_completion_append_character = character;
}
