/* Switches and counts from the environment (the variables of
 * contracts/tf_env.h: the simulator's, and the runtime's dispatch timeout),
 * read one way: the documented spellings are taken, anything else gets the
 * default and one warning (cm_warn) per variable that names it, the value,
 * what it takes and what is used instead. */
#ifndef CM_ENV_H
#define CM_ENV_H

#include "tf_env.h"

/* What a switch takes, for messages and docs: 1, ON, on, 0, OFF, off. */
#define CM_ENV_SWITCH_VALUES "1, ON or on, 0, OFF or off"

/* Switch `id`: 1 for 1/ON/on, 0 for 0/OFF/off; unset or empty: `dflt`.
 * Another value: `dflt` (which `dflt_means` says in words, e.g. "1: the
 * scheduler re-checks") and a warning. */
int cm_env_switch(enum tf_env_id id, int dflt, const char *dflt_means);

/* What a count takes. */
#define CM_ENV_COUNT_VALUES "a whole number from 1, or all"

/* Count `id`: a decimal number from 1 to INT_MAX, or "all" (gives `all`);
 * unset or empty: `dflt`. Another value (0, a sign, a space, trailing
 * characters, too large): `dflt` and a warning. */
int cm_env_count(enum tf_env_id id, int all, int dflt, const char *dflt_means);

#endif
