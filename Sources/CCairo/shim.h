// Cairo, the 2D library the effect previews draw with (anti-aliased paths and text into pixel
// buffers). Only the EffectPreview target imports this module; hingetool never does.
#ifndef HINGEKIT_CCAIRO_SHIM_H
#define HINGEKIT_CCAIRO_SHIM_H

#include <cairo.h>

#endif
