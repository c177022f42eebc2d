/* <cilk/ostream_reducer.h> - OpenCilk's output stream reducer, for C++:
 * what parallel strands write comes out in the serial order.
 *
 *   cilk::ostream_reducer<char> out(std::cout);
 *   cilk_for (int i = 0; i < n; ++i) out << i << '\n';
 *
 * The reducer variable writes into the stream it was made from; every
 * other view is a stream into a buffer of its own, which the reduction
 * appends to the view on its left, in order. Without the plugin, an
 * ostream_view writing into the stream. */
#ifndef CILK_OSTREAM_REDUCER_H
#define CILK_OSTREAM_REDUCER_H

#ifdef __cplusplus
/* cilk_reducer: the plugin's own, which leaves Cilk-5's words to the
 * program (a C++ Cilk-5 program may use these too); without the plugin,
 * the serial projection's. */
#ifndef __cilk
#include <cilk/cilk.h>
#endif
#include <new>
#include <ostream>
#include <sstream>
#include <string>

namespace cilk {

template <typename Char, typename Traits = std::char_traits<Char>>
class ostream_view : public std::basic_ostream<Char, Traits> {
    typedef std::basic_ostream<Char, Traits> stream;
    /* A view made by the identity writes here; the leftmost view writes
     * into its stream's buffer and leaves this one empty. */
    std::basic_stringbuf<Char, Traits> own;

public:
    /* The identity: an empty view with a buffer of its own. */
    ostream_view() : stream(&own) {}
    /* The leftmost view: writes where os writes, as os formats. */
    ostream_view(const stream &os) : stream(os.rdbuf())
    {
        this->flags(os.flags());
        this->setstate(os.rdstate());
    }

    /* Appends what `right` (the view on its right) has written. */
    void append(ostream_view &right)
    {
        std::basic_string<Char, Traits> s = right.own.str();
        if (!s.empty())
            this->write(s.data(), (std::streamsize)s.size());
    }

    static void identity(void *view) { ::new (view) ostream_view(); }
    static void reduce(void *left, void *right)
    {
        ostream_view *r = static_cast<ostream_view *>(right);
        static_cast<ostream_view *>(left)->append(*r);
        r->~ostream_view();
    }
};

template <typename Char, typename Traits = std::char_traits<Char>>
using ostream_reducer = ostream_view<Char, Traits>
    cilk_reducer((&ostream_view<Char, Traits>::identity),
                 (&ostream_view<Char, Traits>::reduce));

} // namespace cilk
#endif

#endif /* CILK_OSTREAM_REDUCER_H */
