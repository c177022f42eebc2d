/* <cilk/cilkscale.h> - OpenCilk's path of <cilkscale.h>: wsp_t,
 * wsp_getworkspan, wsp_sub, wsp_add and wsp_dump in profile builds. */
#include <cilkscale.h>
