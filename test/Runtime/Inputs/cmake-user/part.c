/* Sums lo .. hi-1 by halves, a spawn per half. */
cilk long part(long lo, long hi)
{
    long a, b;
    if (hi - lo <= 4) {
        long s = 0;
        for (long i = lo; i < hi; i++)
            s += i;
        return s;
    }
    a = spawn part(lo, (lo + hi) / 2);
    b = spawn part((lo + hi) / 2, hi);
    sync;
    return a + b;
}
