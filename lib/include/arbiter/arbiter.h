/* arbiter.h — the whole public API of libarbiter in one include. */
#ifndef ARBITER_H
#define ARBITER_H

#define ARB_VERSION "0.1.0"

#include "types.h"
#include "bitboard.h"
#include "attacks.h"
#include "position.h"
#include "movegen.h"
#include "fen.h"
#include "san.h"
#include "perft.h"
#include "chess960.h"
#include "unwinnable.h"

#endif
