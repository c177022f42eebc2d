// C++ main over the C procedures of c-exceptions.c; argv[1] picks one.
#include <cstdio>
#include <cstring>
#include <stdexcept>

extern "C" long sum_plain(long lo, long hi);
extern "C" long sum_cleanup(long lo, long hi);

extern "C" long may_throw(long n)
{
    if (n == 4321)
        throw std::runtime_error("thrown under C");
    return n;
}

int main(int argc, char **argv)
{
    long (*sum)(long, long) =
        argc > 1 && std::strcmp(argv[1], "cleanup") == 0 ? sum_cleanup
                                                          : sum_plain;
    int caught = 0;
    for (int r = 0; r < 20; r++) {
        try {
            std::printf("no exception %ld\n", sum(0, 10000));
        } catch (std::runtime_error &e) {
            caught++;
        }
    }
    std::printf("caught %d\n", caught);
    return 0;
}
