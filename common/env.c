/* One parser for the simulator's switches and counts (cm_env.h). Before
 * it each variable had its own: TT_FOIL_SIM_THREADS with atoi, the others
 * comparing with one or two spellings, and every other value silently
 * meant the default. */
#include "common/cm_env.h"
#include "common/cm_err.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* One warning per variable and process: a chip made a hundred times with
 * the same bad value says so once. */
static int warned[TF_ENV_COUNT];

static void bad_value(enum tf_env_id id, const char *v, const char *takes, const char *dflt_means)
{
    if (__atomic_exchange_n(&warned[id], 1, __ATOMIC_RELAXED)) return;
    cm_warn("%s=\"%.64s%s\" is not a value it takes (%s); using the default instead (%s)",
            tf_env_name(id), v, strlen(v) > 64 ? "..." : "", takes, dflt_means);
}

int cm_env_switch(enum tf_env_id id, int dflt, const char *dflt_means)
{
    const char *v = getenv(tf_env_name(id));
    if (!v || !*v) return dflt;
    if (!strcmp(v, "1") || !strcmp(v, "ON") || !strcmp(v, "on")) return 1;
    if (!strcmp(v, "0") || !strcmp(v, "OFF") || !strcmp(v, "off")) return 0;
    bad_value(id, v, CM_ENV_SWITCH_VALUES, dflt_means);
    return dflt;
}

int cm_env_count(enum tf_env_id id, int all, int dflt, const char *dflt_means)
{
    const char *v = getenv(tf_env_name(id));
    if (!v || !*v) return dflt;
    if (!strcmp(v, "all")) return all;
    char *end;
    errno = 0;
    long n = v[0] >= '0' && v[0] <= '9' ? strtol(v, &end, 10) : 0;
    if (n >= 1 && n <= INT_MAX && !errno && !*end) return (int)n;
    bad_value(id, v, CM_ENV_COUNT_VALUES, dflt_means);
    return dflt;
}
