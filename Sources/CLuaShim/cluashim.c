#include "cluashim.h"
