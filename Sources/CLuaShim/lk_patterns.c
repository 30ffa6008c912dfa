// string.find, string.match, string.gmatch and string.gsub with Lua 5.4's pattern semantics,
// counting their matching steps against the running call's CPU budget.
//
// Why: Lua's own versions match in C, where the count hook never runs, and a pattern that
// backtracks (".-.-.-.-.-.-b" over a long subject) takes exponential time: a plugin could hang
// the host with one call, whatever its budgets. Here every step is charged like an instruction,
// and past the budget the call raises the same error the hook raises.
//
// What a step is: one attempt at a position, one subject byte taken by a repetition or a literal
// pattern character, or LK_SET_BYTES_PER_STEP bytes of a set scanned ("[...]", found and tested
// anew at every position), or LK_BYTES_PER_STEP bytes compared by memcmp/memchr. So every step
// is a bounded amount of work, and the deadline, read every LK_STEPS_PER_CHARGE steps, is read
// at bounded intervals of time; the longest stretch of work between two reads is one scan of
// the pattern, whose length the memory budget bounds.
//
// The matching follows the algorithm of Lua's lstrlib.c (match, max_expand, min_expand,
// classes, sets, captures, balances and frontiers), written anew here with the steps counted;
// Lua's notice is kept with it.
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

#include <ctype.h>
#include <string.h>

enum {
  LK_MAX_CAPTURES = 32,    // LUA_MAXCAPTURES
  LK_MAX_DEPTH = 200,      // how deep matching may recurse ("pattern too complex")
  LK_STEPS_PER_CHARGE = 1024,
  LK_BYTES_PER_STEP = 64,  // bytes a plain search compares for the cost of one step
  LK_SET_BYTES_PER_STEP = 8,  // bytes of a set scanned one by one for the cost of one step
  LK_CAP_UNFINISHED = -1,
  LK_CAP_POSITION = -2,
};

#define LK_ESCAPE '%'
#define LK_SPECIALS "^$*+?.([%-"

typedef struct lk_capture {
  const char *start;
  ptrdiff_t length;  // or LK_CAP_UNFINISHED / LK_CAP_POSITION
} lk_capture;

typedef struct lk_matcher {
  lua_State *L;
  const char *subject;      // the whole subject
  const char *subject_end;  // one past its last byte (Lua strings end with '\0' there)
  const char *pattern_end;
  int depth_left;
  int captures_open;
  int steps;  // taken since the last charge
  lk_capture capture[LK_MAX_CAPTURES];
} lk_matcher;

static const char *lk_match(lk_matcher *m, const char *s, const char *p);

static void lk_step(lk_matcher *m) {
  if (++m->steps < LK_STEPS_PER_CHARGE) return;
  lk_charge(m->L, m->steps);
  m->steps = 0;
}

// Charges n steps at once (a scan of n·k bytes), reading the deadline once they add up.
static void lk_steps(lk_matcher *m, ptrdiff_t n) {
  if (n < LK_STEPS_PER_CHARGE - m->steps) {
    m->steps += (int)n;
    return;
  }
  lk_charge(m->L, m->steps + (long long)n);
  m->steps = 0;
}

static void lk_matcher_init(lk_matcher *m, lua_State *L, const char *s, size_t ls, const char *p,
                            size_t lp) {
  m->L = L;
  m->subject = s;
  m->subject_end = s + ls;
  m->pattern_end = p + lp;
  m->steps = 0;
}

// Ready for one match attempt.
static void lk_matcher_reset(lk_matcher *m) {
  m->captures_open = 0;
  m->depth_left = LK_MAX_DEPTH;
}

// ---- Single-character classes ----

// The end of the class that starts at p: "%x", "[set]" or one character.
static const char *lk_class_end(lk_matcher *m, const char *p) {
  char c = *p++;
  if (c == LK_ESCAPE) {
    if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    const char *first = p;
    if (*p == '^') p++;
    // The first character of a set is a member even when it is ']'.
    do {
      if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
      c = *p++;
      if (c == LK_ESCAPE && p < m->pattern_end) p++;
    } while (*p != ']');
    lk_steps(m, (p - first) / LK_SET_BYTES_PER_STEP);
    return p + 1;
  }
  return p;
}

static int lk_class_matches(int c, int class_letter) {
  int matches;
  switch (tolower(class_letter)) {
    case 'a': matches = isalpha(c); break;
    case 'c': matches = iscntrl(c); break;
    case 'd': matches = isdigit(c); break;
    case 'g': matches = isgraph(c); break;
    case 'l': matches = islower(c); break;
    case 'p': matches = ispunct(c); break;
    case 's': matches = isspace(c); break;
    case 'u': matches = isupper(c); break;
    case 'w': matches = isalnum(c); break;
    case 'x': matches = isxdigit(c); break;
    default: return class_letter == c;  // an escaped character stands for itself
  }
  if (isupper(class_letter)) matches = !matches;
  return matches != 0;
}

// Whether c is in the set from '[' at p to its closing ']' at last. The scan is charged before
// it starts, as if it ran to the end: a long set is refused before it is scanned.
static int lk_set_matches(lk_matcher *m, int c, const char *p, const char *last) {
  lk_steps(m, (last - p) / LK_SET_BYTES_PER_STEP);
  int member = 1;
  if (*(p + 1) == '^') {
    member = 0;
    p++;
  }
  while (++p < last) {
    if (*p == LK_ESCAPE) {
      p++;
      if (lk_class_matches(c, (unsigned char)*p)) return member;
    } else if (*(p + 1) == '-' && p + 2 < last) {
      p += 2;
      if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return member;
    } else if ((unsigned char)*p == c) {
      return member;
    }
  }
  return !member;
}

// Whether the subject byte at s matches the class from p to class_end.
static int lk_single_matches(lk_matcher *m, const char *s, const char *p, const char *class_end) {
  if (s >= m->subject_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case LK_ESCAPE: return lk_class_matches(c, (unsigned char)*(p + 1));
    case '[': return lk_set_matches(m, c, p, class_end - 1);
    default: return (unsigned char)*p == c;
  }
}

// ---- Items ----

static const char *lk_match_balance(lk_matcher *m, const char *s, const char *p) {
  if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subject_end || *s != *p) return NULL;
  char open = *p, close = *(p + 1);
  int nesting = 1;
  while (++s < m->subject_end) {
    lk_step(m);
    if (*s == close) {
      if (--nesting == 0) return s + 1;
    } else if (*s == open) {
      nesting++;
    }
  }
  return NULL;
}

// The longest run of the class that lets the rest match, backing off one at a time.
static const char *lk_max_expand(lk_matcher *m, const char *s, const char *p, const char *class_end) {
  ptrdiff_t count = 0;
  while (lk_single_matches(m, s + count, p, class_end)) {
    lk_step(m);
    count++;
  }
  for (; count >= 0; count--) {
    const char *end = lk_match(m, s + count, class_end + 1);
    if (end) return end;
  }
  return NULL;
}

// The shortest run of the class that lets the rest match.
static const char *lk_min_expand(lk_matcher *m, const char *s, const char *p, const char *class_end) {
  for (;;) {
    const char *end = lk_match(m, s, class_end + 1);
    if (end) return end;
    if (!lk_single_matches(m, s, p, class_end)) return NULL;
    s++;
  }
}

static const char *lk_start_capture(lk_matcher *m, const char *s, const char *p, ptrdiff_t kind) {
  if (m->captures_open >= LK_MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->capture[m->captures_open].start = s;
  m->capture[m->captures_open].length = kind;
  m->captures_open++;
  const char *end = lk_match(m, s, p);
  if (!end) m->captures_open--;
  return end;
}

static const char *lk_end_capture(lk_matcher *m, const char *s, const char *p) {
  int index = m->captures_open - 1;
  while (index >= 0 && m->capture[index].length != LK_CAP_UNFINISHED) index--;
  if (index < 0) luaL_error(m->L, "invalid pattern capture");
  m->capture[index].length = s - m->capture[index].start;
  const char *end = lk_match(m, s, p);
  if (!end) m->capture[index].length = LK_CAP_UNFINISHED;
  return end;
}

// "%1" to "%9": the text of a closed capture again.
static const char *lk_match_back_reference(lk_matcher *m, const char *s, int digit) {
  int index = digit - '1';
  if (index < 0 || index >= m->captures_open || m->capture[index].length == LK_CAP_UNFINISHED)
    luaL_error(m->L, "invalid capture index %%%d", index + 1);
  ptrdiff_t length = m->capture[index].length;
  if (length < 0 || m->subject_end - s < length) return NULL;  // a position capture never matches
  lk_steps(m, length / LK_BYTES_PER_STEP);
  return memcmp(m->capture[index].start, s, (size_t)length) == 0 ? s + length : NULL;
}

// Matches pattern p at subject position s: the end of the match, or NULL.
static const char *lk_match(lk_matcher *m, const char *s, const char *p) {
  if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
  lk_step(m);
  while (p != m->pattern_end && s != NULL) {
    const char *class_end;
    switch (*p) {
      case '(':
        s = *(p + 1) == ')' ? lk_start_capture(m, s, p + 2, LK_CAP_POSITION)
                            : lk_start_capture(m, s, p + 1, LK_CAP_UNFINISHED);
        goto done;
      case ')':
        s = lk_end_capture(m, s, p + 1);
        goto done;
      case '$':
        if (p + 1 == m->pattern_end) {
          if (s != m->subject_end) s = NULL;
          goto done;
        }
        break;  // a '$' inside the pattern is a plain character
      case LK_ESCAPE:
        switch (*(p + 1)) {
          case 'b':
            s = lk_match_balance(m, s, p + 2);
            if (s) p += 4;
            continue;
          case 'f': {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            class_end = lk_class_end(m, p);
            int previous = s == m->subject ? '\0' : (unsigned char)*(s - 1);
            int current = s < m->subject_end ? (unsigned char)*s : '\0';
            if (!lk_set_matches(m, previous, p, class_end - 1) && lk_set_matches(m, current, p, class_end - 1))
              p = class_end;
            else
              s = NULL;
            continue;
          }
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            s = lk_match_back_reference(m, s, (unsigned char)*(p + 1));
            if (s) p += 2;
            continue;
          default:
            break;
        }
        break;
      default:
        break;
    }
    // A single-character class, maybe with a quantifier after it.
    class_end = lk_class_end(m, p);
    if (!lk_single_matches(m, s, p, class_end)) {
      if (*class_end == '*' || *class_end == '?' || *class_end == '-') {
        p = class_end + 1;  // the item may match nothing
        continue;
      }
      s = NULL;
      goto done;
    }
    switch (*class_end) {
      case '?': {
        const char *end = lk_match(m, s + 1, class_end + 1);
        if (end) {
          s = end;
          goto done;
        }
        p = class_end + 1;
        continue;
      }
      case '+': s = lk_max_expand(m, s + 1, p, class_end); goto done;
      case '*': s = lk_max_expand(m, s, p, class_end); goto done;
      case '-': s = lk_min_expand(m, s, p, class_end); goto done;
      default:  // one character matched (a literal one, often): a step, however long the run
        lk_step(m);
        s++;
        p = class_end;
        continue;
    }
  }
done:
  m->depth_left++;
  return s;
}

// ---- Captures to Lua values ----

// Capture i of a match from s to e (the whole match when the pattern has no captures): pushes a
// position capture and returns LK_CAP_POSITION, else sets *text and returns the length.
static ptrdiff_t lk_capture_text(lk_matcher *m, int i, const char *s, const char *e, const char **text) {
  if (i >= m->captures_open) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *text = s;
    return e - s;
  }
  ptrdiff_t length = m->capture[i].length;
  *text = m->capture[i].start;
  if (length == LK_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
  if (length == LK_CAP_POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
  return length;
}

static void lk_push_capture(lk_matcher *m, int i, const char *s, const char *e) {
  const char *text;
  ptrdiff_t length = lk_capture_text(m, i, s, e, &text);
  if (length != LK_CAP_POSITION) lua_pushlstring(m->L, text, (size_t)length);
}

// Pushes the captures (or the whole match from s to e when there are none and s is given).
static int lk_push_captures(lk_matcher *m, const char *s, const char *e) {
  int count = (m->captures_open == 0 && s) ? 1 : m->captures_open;
  luaL_checkstack(m->L, count, "too many captures");
  for (int i = 0; i < count; i++) lk_push_capture(m, i, s, e);
  return count;
}

// ---- The library functions ----

// A 1-based start position, negative from the end, as string.find reads it.
static size_t lk_start_position(lua_Integer position, size_t length) {
  if (position > 0) return (size_t)position;
  if (position == 0) return 1;
  if (position < -(lua_Integer)length) return 1;
  return length + (size_t)position + 1;
}

// Whether a pattern for find has special characters: reads all of it, so charged.
static int lk_has_specials(lua_State *L, const char *p, size_t length) {
  if (length >= LK_BYTES_PER_STEP) lk_charge(L, (long long)(length / LK_BYTES_PER_STEP));
  size_t offset = 0;
  do {
    if (strpbrk(p + offset, LK_SPECIALS)) return 1;
    offset += strlen(p + offset) + 1;  // the pattern may hold '\0's
  } while (offset <= length);
  return 0;
}

// A plain search takes O(n·m) in the worst case ("aaa…ab" in "aaaa…a"): each place where the
// first byte matches is charged one step, plus one for every LK_BYTES_PER_STEP bytes compared,
// and the bytes memchr skips one for every LK_BYTES_PER_STEP.
static const char *lk_find_plain(lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  const long long steps_per_place = 1 + (long long)(lp / LK_BYTES_PER_STEP);
  long long steps = 0;
  const char *last = s + (ls - lp);
  for (const char *at = s; at <= last; at++) {
    const char *from = at;
    at = memchr(at, *p, (size_t)(last - at) + 1);
    steps += ((at ? at : last) - from) / LK_BYTES_PER_STEP;
    if (at == NULL) break;
    if (memcmp(at + 1, p + 1, lp - 1) == 0) {
      if (steps > 0) lk_charge(L, steps);
      return at;
    }
    steps += steps_per_place;
    if (steps >= LK_STEPS_PER_CHARGE) {
      lk_charge(L, steps);
      steps = 0;
    }
  }
  if (steps > 0) lk_charge(L, steps);
  return NULL;
}

static int lk_find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t start = lk_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (start > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !lk_has_specials(L, p, lp))) {
    const char *at = lk_find_plain(L, s + start, ls - start, p, lp);
    if (at == NULL) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (at - s) + 1);
    lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
    return 2;
  }
  lk_matcher m;
  int anchored = *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  lk_matcher_init(&m, L, s, ls, p, lp);
  const char *at = s + start;
  do {
    lk_matcher_reset(&m);
    const char *end = lk_match(&m, at, p);
    if (end != NULL) {
      if (!find) return lk_push_captures(&m, at, end);
      lua_pushinteger(L, (at - s) + 1);
      lua_pushinteger(L, end - s);
      return lk_push_captures(&m, NULL, NULL) + 2;
    }
  } while (at++ < m.subject_end && !anchored);
  luaL_pushfail(L);
  return 1;
}

static int lk_find(lua_State *L) { return lk_find_or_match(L, 1); }
static int lk_string_match(lua_State *L) { return lk_find_or_match(L, 0); }

typedef struct lk_gmatch_state {
  const char *next;        // where the next attempt starts
  const char *last_match;  // the end of the last match, so that an empty match is not repeated
  const char *pattern;
  lk_matcher matcher;
} lk_gmatch_state;

static int lk_gmatch_next(lua_State *L) {
  lk_gmatch_state *g = (lk_gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
  g->matcher.L = L;  // the iterator may be called from another coroutine than gmatch was
  for (const char *at = g->next; at <= g->matcher.subject_end; at++) {
    lk_matcher_reset(&g->matcher);
    const char *end = lk_match(&g->matcher, at, g->pattern);
    if (end != NULL && end != g->last_match) {
      g->next = g->last_match = end;
      return lk_push_captures(&g->matcher, at, end);
    }
  }
  return 0;
}

static int lk_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t start = lk_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (start > ls) start = ls + 1;  // past the end: no match
  lua_settop(L, 2);  // the subject and the pattern stay alive as upvalues
  lk_gmatch_state *g = (lk_gmatch_state *)lua_newuserdatauv(L, sizeof(lk_gmatch_state), 0);
  lk_matcher_init(&g->matcher, L, s, ls, p, lp);
  g->next = s + start;
  g->pattern = p;
  g->last_match = NULL;
  lua_pushcclosure(L, lk_gmatch_next, 3);
  return 1;
}

// Appends the replacement string (argument 3) with "%0"–"%9" and "%%" expanded.
static void lk_add_replacement_string(lk_matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t length;
  const char *text = lua_tolstring(L, 3, &length);
  lk_steps(m, (ptrdiff_t)(length / LK_BYTES_PER_STEP));
  const char *escape;
  while ((escape = memchr(text, LK_ESCAPE, length)) != NULL) {
    luaL_addlstring(b, text, (size_t)(escape - text));
    escape++;
    if (*escape == LK_ESCAPE) {
      luaL_addchar(b, *escape);
    } else if (*escape == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*escape)) {
      const char *capture;
      ptrdiff_t capture_length = lk_capture_text(m, *escape - '1', s, e, &capture);
      if (capture_length == LK_CAP_POSITION)
        luaL_addvalue(b);
      else
        luaL_addlstring(b, capture, (size_t)capture_length);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", LK_ESCAPE);
    }
    length -= (size_t)(escape + 1 - text);
    text = escape + 1;
  }
  luaL_addlstring(b, text, length);
}

// Appends the replacement of the match from s to e; returns whether it changed the text.
static int lk_add_replacement(lk_matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int count = lk_push_captures(m, s, e);
    lua_call(L, count, 1);
  } else if (kind == LUA_TTABLE) {
    lk_push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    lk_add_replacement_string(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {  // nil or false: keep the original text
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

static int lk_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer max_replacements = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                   3, "string/function/table");
  int anchored = *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lk_matcher m;
  lk_matcher_init(&m, L, s, ls, p, lp);
  const char *at = s, *last_match = NULL;
  lua_Integer replaced = 0;
  int changed = 0;
  while (replaced < max_replacements) {
    lk_matcher_reset(&m);
    const char *end = lk_match(&m, at, p);
    if (end != NULL && end != last_match) {
      replaced++;
      changed = lk_add_replacement(&m, &b, at, end, kind) | changed;
      at = last_match = end;
    } else if (at < m.subject_end) {
      luaL_addchar(&b, *at++);
    } else {
      break;
    }
    if (anchored) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);  // the subject itself
  } else {
    luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, replaced);
  return 2;
}

void lk_install_budgeted_patterns(lua_State *L) {
  static const luaL_Reg functions[] = {
    {"find", lk_find}, {"match", lk_string_match}, {"gmatch", lk_gmatch}, {"gsub", lk_gsub}, {NULL, NULL},
  };
  lua_getglobal(L, "string");
  if (lua_istable(L, -1)) luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}
