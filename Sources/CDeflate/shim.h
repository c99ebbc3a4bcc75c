// libdeflate (MIT) for FilmAnalysis's fast PNG path: whole-buffer zlib decompression and CRC-32.
// Debian's libdeflate-dev and Homebrew's libdeflate both ship libdeflate.pc.
#ifndef HINGEKIT_CDEFLATE_SHIM_H
#define HINGEKIT_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
