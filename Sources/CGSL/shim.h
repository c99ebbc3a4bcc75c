#ifndef HINGEKIT_CGSL_SHIM_H
#define HINGEKIT_CGSL_SHIM_H

// The parts of the GNU Scientific Library that HingeAnalysis wraps. Only HingeAnalysis
// imports this module; hingetool and HingeKit never see GSL directly.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_interp.h>
#include <gsl/gsl_spline.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_filter.h>
#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>

// GSL exposes its method tables as mutable globals, which Swift 6 refuses to touch from
// concurrent code. These accessors hand out the (never modified) tables as plain values.
static inline const gsl_interp_type *hingekit_interp_linear(void) { return gsl_interp_linear; }
static inline const gsl_interp_type *hingekit_interp_cspline(void) { return gsl_interp_cspline; }
static inline const gsl_interp_type *hingekit_interp_akima(void) { return gsl_interp_akima; }
static inline const gsl_interp_type *hingekit_interp_steffen(void) { return gsl_interp_steffen; }
static inline const gsl_odeiv2_step_type *hingekit_odeiv2_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }
static inline const gsl_odeiv2_step_type *hingekit_odeiv2_rkf45(void) { return gsl_odeiv2_step_rkf45; }

#endif
