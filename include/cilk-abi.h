/* cilk-abi.h - the contract between the Cilk compiler (plugin + pass) and the
 * runtime library libcilkrt.
 *
 * This header is shared verbatim by three parties:
 *   - the clang plugin, which injects it into every translation unit it
 *     compiles (so that no #include is needed) and rewrites spawn/sync into
 *     calls of the markers declared here;
 *   - the LLVM pass, which finds the markers by the names below and lowers
 *     them for the selected closure-creation mode;
 *   - libcilkrt, which implements the runtime entry points and provides
 *     fallback definitions of the markers (see runtime/markers.c).
 * Keep it plain C that also compiles as C++. */
#ifndef CILK_ABI_H
#define CILK_ABI_H

/* Symbol names, as strings, for the compiler side. */
#define CILK_ABI_SPAWN_MARKER "__cilk_spawn_marker"
#define CILK_ABI_SPAWN_ANY_MARKER "__cilk_spawn_any_marker"
#define CILK_ABI_SPAWN_OBJECT_MARKER "__cilk_spawn_object_marker"
#define CILK_ABI_SYNC_MARKER "__cilk_sync_marker"
#define CILK_ABI_LIBC_SYNC "__cilk_sync"
#define CILK_ABI_SYNC_ANY "__cilk_sync_any"
#define CILK_ABI_FOR_BEGIN "__cilk_for_begin"
#define CILK_ABI_SPAWN_STMT "__cilk_spawn_stmt"
#define CILK_ABI_FOR_GRAIN "__cilkrt_for_grain"
#define CILK_ABI_LIBC_ABORT "__cilk_abort"
#define CILK_ABI_ABORT_MARKER "__cilk_abort_marker"
#define CILK_ABI_SYNCHED "__cilk_synched"
#define CILK_ABI_INLET_BEGIN "__cilk_inlet_begin"
#define CILK_ABI_INLET_END "__cilk_inlet_end"
#define CILK_ABI_INLET_ARGS "__cilk_inlet_args"
#define CILK_ABI_SPAWN_END "__cilk_spawn_end"
/* C compiled with -fexceptions, parallel modes: an exception reached a
 * procedure's clone (the pass's landing pad passes the exception object);
 * the runtime reports it and stops the program
 * (llvm-pass/CilkExceptions.cpp). */
#define CILK_ABI_C_THREW "__cilkrt_c_threw"
#define CILK_ABI_REGION_BEGIN "__cilk_region_begin"
#define CILK_ABI_REGION_END "__cilk_region_end"
#define CILK_ABI_TRY_MARKER "__cilk_try_marker"
#define CILK_ABI_CATCH_MARKER "__cilk_catch_marker"
#define CILK_ABI_HYPER_LOOKUP "__cilkrt_hyper_lookup"
#define CILK_ABI_HYPER_DECLARE "__cilkrt_hyper_declare"
#define CILK_ABI_HYPER_UNREGISTER "__cilkrt_hyper_unregister"
#define CILK_ABI_HYPER_ENABLE "__cilkrt_hyper_enable"
#define CILK_ABI_MAIN "__cilk_main"
/* Defined by the runtime, pointed to by every unit record (below): the
 * linker's message when a program compiled with the plugin is linked
 * without the runtime. */
#define CILK_ABI_RUNTIME_HINT \
    "cilk: link the Cilk runtime (-lcilkrt -lpthread), or build with cilkc"
/* The annotation string clang attaches to a Cilk procedure (via the plugin's
 * __cilk__ attribute); the pass turns it into the IR function attribute
 * CILK_ABI_FN_ATTR. */
#define CILK_ABI_ANNOTATION "cilk"
/* C++: the annotation of a local `T x = spawn f();` whose class T is not
 * trivially copyable (its copy may not be its bytes: an object that keeps
 * its own address). clang passes x as f's sret argument and marks x with
 * llvm.var.annotation; the pass makes the result there, in place (x lives
 * in the heap frame), never in a temporary copied into x by its bytes. */
#define CILK_ABI_IN_PLACE_ANNOTATION "cilk.in_place"
/* Continuation-passing threads (the Cilk paper's language; plugin:
 * CilkThreadKeywords.cpp, pass: CilkThreadLowering.cpp, runtime:
 * threads.c). A thread carries this annotation. In a thread, `spawn
 * T(args)`, `spawn_next T(args)` and `tail_call T(args)` call T through
 * the marker named, as a spawn calls through CILK_ABI_SPAWN_MARKER; `?x`
 * is `*(T *) CILK_ABI_CP_MISSING(&x)`. A Cilk procedure's `spawn T(..., &r, ...)` calls
 * through CILK_ABI_CP_SPAWN_MARKER too, each continuation argument wrapped
 * in CILK_ABI_CP_RESULT_MARKER(&r, sizeof r). */
#define CILK_ABI_THREAD_ANNOTATION "cilk_thread"
#define CILK_ABI_CP_SPAWN_MARKER "__cilk_cp_spawn_marker"
#define CILK_ABI_CP_NEXT_MARKER "__cilk_cp_next_marker"
#define CILK_ABI_CP_TAIL_MARKER "__cilk_cp_tail_marker"
#define CILK_ABI_CP_MISSING "__cilk_cp_missing_marker"
#define CILK_ABI_CP_RESULT_MARKER "__cilk_cp_result_marker"
/* A vector argument (PCM's vectors in closures): a thread parameter
 * declared as an array, `T v[N]` or `T v[]`, is a vector that the closure
 * holds by value. Its argument at a spawn or spawn_next is
 * CILK_ABI_CP_VECTOR_MARKER(p, bytes): the closure copies `bytes` from p
 * (for `T v[N]` the plugin wraps the array, N elements; for `T v[]` the
 * program writes cilk_vector(p, n)), and the thread's parameter points to
 * the copy. */
#define CILK_ABI_CP_VECTOR_MARKER "__cilk_cp_vector_marker"
/* A vector left empty, to be filled element by element by sends (PCM's
 * `_`): its argument `?x`, where x is an array of continuations, one per
 * element, is CILK_ABI_CP_MISSING_VECTOR_MARKER(&x, sizeof x, sizeof(T),
 * _Alignof(T)). Each element is a missing argument of its own, and x[i]
 * becomes the continuation of element i. */
#define CILK_ABI_CP_MISSING_VECTOR_MARKER "__cilk_cp_missing_vector_marker"
#define CILK_ABI_CP_SEND "__cilk_cp_send"
/* Portable closures (runtime/dist.c): the plugin describes the C type of
 * each parameter of a thread in the annotation CILK_ABI_LAYOUT_ANNOTATION
 * followed by the description, which the pass moves into the function
 * attribute CILK_ABI_LAYOUT_ATTR and then into the thread's descriptor.
 * The plugin's description is one entry per C parameter, separated by ';',
 * each its size in bytes, '=', then one of
 *   !                   the parameter cannot leave its process (a pointer,
 *                       a union, a bit-field, long double, a vector)
 *   FIELD[,FIELD...]    its bytes: FIELD is OFFSET KIND WIDTH, decimal,
 *                       KIND i (signed integer), u (unsigned) or f (IEEE
 *                       floating point), WIDTH 1, 2, 4 or 8 bytes;
 *                       padding is not described (it arrives as zeros)
 *   0cSIZE(FIELDS)      a continuation of a value of SIZE bytes, which are
 *                       FIELDS
 * e.g. `thread fib(cont int k, int n)` is "8=0c4(0i4);4=0i4". The pass
 * rewrites it with one entry per closure slot (an IR argument, without the
 * size): a C parameter that the calling convention splits into several
 * arguments (a _Complex double, a small struct: eightbytes) gets one entry
 * per piece, its fields rebased, so fib's is "0c4(0i4);0i4". Each thread
 * descriptor is listed in the section CILK_ABI_THREAD_SECTION, so the
 * runtime finds a thread by its stable id (FNV-1a of its name, with
 * CILK_ABI_FNV_OFFSET and CILK_ABI_FNV_PRIME), never by a code address. */
/* A Cilk procedure's frame is portable too when the pass can describe it
 * (llvm-pass/CilkPortable.cpp: its live values are integers, floats and
 * structs or arrays of them; its results go to frame fields; it neither
 * aborts nor has inlets; it and all it calls use no writable global and
 * call outside its file only the C library functions CilkPortable.cpp
 * lists). Its descriptor's layout is
 *   FRAME;RET;SITE1;...;SITEn-1
 * each a FIELD list (possibly empty) in the grammar above: the frame's
 * fields at their offsets in the frame, the procedure's result at the
 * result's own offsets, and for each resume index the result a child
 * spawned there delivers. Portable descriptors are listed in the section
 * CILK_ABI_PROC_SECTION under the id FNV-1a of the procedure's name. */
/* The code hash. Every process of a distributed job proves at start-up
 * that it runs the same program (runtime/dist.c): each descriptor listed
 * in either section carries a code hash, FNV-1a over the name and the
 * hash of the code of every function the thread or procedure reaches
 * (itself, what it calls or spawns, ...), each FNV-1a of a canonical text
 * of its instructions, types and constants taken before any lowering: the
 * same in every mode, and in every file that holds the same code compiled
 * with the same options (llvm-pass/CilkPortable.cpp). The runtime compares
 * the descriptors and these hashes across the ranks. */
#define CILK_ABI_PROC_SECTION "cilk_procs"
#define CILK_ABI_LAYOUT_ANNOTATION "cilk_layout="
#define CILK_ABI_LAYOUT_ATTR "cilk-layout"
#define CILK_ABI_THREAD_SECTION "cilk_threads"
#define CILK_ABI_FNV_OFFSET 0xcbf29ce484222325ull
#define CILK_ABI_FNV_PRIME 0x100000001b3ull
#define CILK_ABI_FN_ATTR "cilk"
/* The closure-creation modes; the values are part of the ABI. (Macros, not
 * an enum: `clang -E` output must compile again with the injected header.) */
#define CILK_MODE_SERIAL 0   /* the serial elision: spawn = call */
#define CILK_MODE_EAGER 1    /* Cilk-5: a closure per spawn */
#define CILK_MODE_INDOLENT 2 /* closures on demand; checks before and after a spawn */
#define CILK_MODE_SEDATIVE 3 /* closures on demand; a check after a spawn only */

/* Every module the pass compiles that defines a Cilk procedure or spawns
 * leaves a record (struct __cilk_unit) in this section; the linker gathers
 * them between __start_cilk_units and __stop_cilk_units, and the runtime
 * refuses at start-up to run a program whose files were compiled in
 * different modes, or some with -fplugin-arg-cilk-profile and some
 * without: their frames and checks would not interoperate; or with a
 * sanitizer the runtime was not built with. */
#define CILK_ABI_UNITS_SECTION "cilk_units"
#define CILK_UNIT_PROFILE 1 /* __cilk_unit.flags: a profile build */
/* __cilk_unit.flags: compiled with -fsanitize=thread, address or memory;
 * the runtime must be built with the same (libcilkrt-tsan.a, -asan, -msan) */
#define CILK_UNIT_TSAN 2
#define CILK_UNIT_ASAN 4
#define CILK_UNIT_MSAN 8
/* __cilk_unit.flags: a race build (-fplugin-arg-cilk-race) */
#define CILK_UNIT_RACE 16
/* __cilk_unit.flags >> CILK_UNIT_ABI_SHIFT: the version of this contract
 * the file was compiled for (0 before there was one, 1 since 2026-11-29).
 * The runtime refuses a file of another version, with its name: the
 * generated code calls entry points and lays out frames as its own version
 * did. Raise CILK_ABI_VERSION with any change that an object compiled before
 * it and a runtime built after it (or the reverse) would not agree on: an
 * entry point's arguments or meaning, a layout, a flag's value. */
#define CILK_ABI_VERSION 1
#define CILK_UNIT_ABI_SHIFT 16

/* Metadata kind attached to every spawned call after the pass folded its
 * marker. */
#define CILK_ABI_SPAWN_MD "cilk.spawn"
/* ... and also this one to a spawn of CILK_ABI_SPAWN_ANY_MARKER's: its
 * callee, a declaration, may be a C function (no fast clone to call). */
#define CILK_ABI_SPAWN_ANY_MD "cilk.spawn.any"

/* ---- The parallel modes: frames, descriptors and the worker's deque ----
 *
 * The pass splits every Cilk procedure f that spawns or syncs into
 *   - a fast clone f.fast (CILK_ABI_FAST_SUFFIX), which every spawn of f
 *     calls, in any file: its frame, a `struct __cilk_frame` header
 *     followed by the values live across its spawns, lives on the C stack,
 *     or in the heap (CILK_DESC_HEAP_FRAME) when a local whose address
 *     escapes is live across a spawn;
 *   - a slow clone f.slow(frame), entered by the scheduler for a stolen or
 *     resumed frame: a jump on frame->resume to the resume point;
 *   - an inlet f.inlet.N(dst, result) per spawn site N whose result is
 *     assigned (`x = spawn`, `x += spawn`): it applies a result that arrives
 *     after the parent was stolen;
 *   - a descriptor @f.desc (struct __cilk_desc) the runtime reads;
 *   - the C entry point f, for calls that are not spawns (C code, function
 *     pointers, other threads): on a worker it runs f.serial, the serial
 *     elision; elsewhere it runs f.fast as a computation of its own on the
 *     workers through CILK_ABI_RUN, which calls the thunk f.entry(args).
 * A Cilk procedure that neither spawns nor syncs is one function, f, that
 * spawns and C calls share; where other files may spawn it, f.fast is an
 * alias of it. Cilk main (CILK_ABI_MAIN) is never called from C: it keeps
 * its name for its fast clone.
 * A thief copies a stolen stack frame into the heap (desc->size bytes).
 *
 * Layouts below are checked on both sides: the pass asserts them against the
 * IR types it builds, the runtime with static asserts. */
#define CILK_ABI_TLS_WORKER "__cilkrt_tls_worker" /* this thread's worker */
/* Eager mode: the tail of this thread's deque, one past the youngest entry
 * (a `struct __cilk_frame **`, written by this thread only). */
#define CILK_ABI_TLS_TAIL "__cilkrt_tls_tail"
/* Eager mode: the fast clone's pop stores the lowered tail and, with no
 * fence but the compiler's, compares it with this word (a `struct
 * __cilk_frame **`, written by thieves): a tail below it goes to
 * CILK_ABI_POP_SLOW. It is the head of this thread's deque, or above any
 * tail while thieves ask this thread's pops to fence themselves
 * (runtime/deque.h: deque_set_head, deque_owner_fences). */
#define CILK_ABI_TLS_POP_LIMIT "__cilkrt_tls_pop_limit"
#define CILK_ABI_POP_SLOW "__cilkrt_pop_slow"
/* Eager mode, a step: between two spawns of one stack frame with only
 * arithmetic between them (llvm-pass/CilkFast.cpp), the fast clone does
 * not pop after the first child and push before the second. The frame's
 * entry stays on the deque; the fast clone saves the second spawn's
 * values into the frame, stores its site as the resume index (a release
 * store), and compares the entry's slot with the pop limit as a pop
 * would, going to pop_step(w, result) (the first child's result) if the
 * limit passed it. 0 (CILK_POP_OK): the fast clone goes on to the second
 * child, the entry still pushed, a thief's or not. */
#define CILK_ABI_POP_STEP "__cilkrt_pop_step"
#define CILK_ABI_APPLY "__cilkrt_apply"
#define CILK_ABI_SYNC "__cilkrt_sync"
/* result_addr(f): where the slow clone of f, a procedure with an sret
 * result, makes that result: the address its caller gave, which the fast
 * clone keeps in the frame at CILK_ABI_FRAME_SRET_OFFSET, when the caller
 * takes the result in place (a spawn site's in_place, a computation whose
 * C entry point gave its caller's memory); else f's result field, from
 * which the runtime delivers it. A C++ object is made in place, never
 * copied: it may point into itself. Before its frame is linked to a
 * parent (a sedative release applies the result of the spawn it stopped
 * at first), the result is at the caller's address, where the fast clone
 * was making it. */
#define CILK_ABI_RESULT_ADDR "__cilkrt_result_addr"
/* C++ exceptions in the parallel modes (llvm-pass/CilkExceptions.cpp,
 * runtime/except.cpp, scheduler.c). An exception is held as a handle (a
 * heap std::exception_ptr) from the landing pad that catches it to the
 * sync that throws it again:
 *   capture(exn)        begin_catch, keep a reference, end_catch: the
 *                       handle of the exception a landing pad caught
 *   rethrow(h)          throws h's exception again (and frees h)
 *   pop_threw(h)        a spawned call threw: pops the frame as the pop
 *                       after the call would; CILK_POP_STOLEN: h went to the
 *                       thief's closure (the child's exception, at the
 *                       child's place in serial order), return
 *   keep(f, h)          the slow clone's own code threw: h waits in f,
 *                       after every child's exception in serial order
 *   sync_threw(w, f)    the syncs of every region of f (the children are
 *                       waited for before the landing pad's cleanups run);
 *                       as __cilkrt_sync, 1 means suspended
 *   pending(f, d)       nonzero if a sync of f's region d throws: f holds
 *                       its own exception or one of a child of region d
 *                       or deeper (those of shallower regions wait for
 *                       their own syncs)
 *   rethrow_pending(f, d) throws the first in serial order of those: after
 *                       a sync of region d, or a landing pad's sync whose
 *                       first handler may catch what region d and deeper
 *                       threw, or where the exception leaves for an outer
 *                       try statement's handlers, region d around it
 *                       (llvm-pass/CilkRegions.cpp: exceptionRegions)
 *   top_threw(h)        a computation's top frame threw: its caller throws
 *                       h again when the computation is over */
#define CILK_ABI_EXN_CAPTURE "__cilkrt_exn_capture"
#define CILK_ABI_EXN_RETHROW "__cilkrt_exn_rethrow"
#define CILK_ABI_POP_THREW "__cilkrt_pop_threw"
#define CILK_ABI_EXN_KEEP "__cilkrt_exn_keep"
#define CILK_ABI_SYNC_THREW "__cilkrt_sync_threw"
#define CILK_ABI_EXN_PENDING "__cilkrt_exn_pending"
#define CILK_ABI_RETHROW_PENDING "__cilkrt_rethrow_pending"
#define CILK_ABI_TOP_THREW "__cilkrt_top_threw"
#define CILK_ABI_FRAME_ALLOC "__cilkrt_frame_alloc"
#define CILK_ABI_FRAME_FREE "__cilkrt_frame_free"
/* Variable-length arrays and alloca() in a procedure that spawns live in
 * the heap, on a list in the frame freed when the procedure returns (the
 * lifetime of Cilk-5's Cilk_alloca): a child may still use them after the
 * fast clone's C frame is gone. */
#define CILK_ABI_ALLOCA "__cilkrt_alloca"
#define CILK_ABI_FAST_SUFFIX ".fast"
#define CILK_ABI_SERIAL_SUFFIX ".serial"
#define CILK_ABI_RUN "__cilkrt_run"
/* The C entry point @f of a procedure that spawns carries 16 bytes of
 * prefix data just below its address, <{ i64 CILK_ABI_ENTRY_MAGIC, i64
 * @f.fast - @f }>: a spawn through a pointer (which holds @f, as every address
 * of f does) finds the fast clone there. A pointer without the magic (a
 * procedure without spawn or sync, or a C function) is called as it is. */
#define CILK_ABI_ENTRY_MAGIC 0x43494c4b2d454e54ULL /* "CILK-ENT" */
#define CILK_ABI_ENTRY_PREFIX_SIZE 16
/* __cilkrt_run's answer */
#define CILK_RUN_DONE 0   /* the computation ran; its result is in place */
#define CILK_RUN_SERIAL 1 /* not run (a worker of a profile build called,
                             no guest slot is left, or the workers have
                             stopped): the caller runs f.serial itself */
#define CILK_ABI_FREE_ALLOCAS "__cilkrt_free_allocas"
/* Inlets and abort (CILK_DESC_ATOMIC). An inlet that runs after a steal
 * runs on the worker where the child returned, holding the parent frame's
 * lock; the parent's slow clone holds that lock from each resumption to
 * its next spawn, sync or return, so inlets run between its strands
 * (Cilk-5: the threads of a procedure and its inlets are atomic with
 * respect to one another). The fast clone needs no lock: while it runs,
 * no child of its frame is outstanding. */
#define CILK_ABI_FRAME_LOCK "__cilkrt_frame_lock"
#define CILK_ABI_FRAME_UNLOCK "__cilkrt_frame_unlock"
#define CILK_ABI_ABORT "__cilkrt_abort"
#define CILK_ABI_SYNCHED_SLOW "__cilkrt_synched"

/* ---- Release and resume (indolent and sedative modes) ----
 *
 * The fast clone of a lazy mode never touches the deque. Each spawn checks
 * this thread's control-flow word CILK_ABI_TLS_CF (an initial-exec
 * thread-local int, one load): indolent before the call (is a steal
 * attempted?) and after it (is a release under way?), sedative after it
 * only (anything but NORMAL). A thief that finds a victim's deque empty
 * moves the victim's word from NORMAL to STEAL_ATTEMPTED; only the owner
 * makes any other transition. On the rare path the frame copies its live
 * values into a closure (CILK_ABI_CLOSURE_NEW), calls CILK_ABI_RELEASE and
 * returns a dummy value; each caller's check then sees RELEASING and does
 * the same, down to a slow clone (CILK_ABI_RELEASE_BOTTOM) or Cilk main. */
#define CILK_ABI_TLS_CF "__cilkrt_tls_cf"
#define CILK_CF_NORMAL 0
#define CILK_CF_STEAL_ATTEMPTED 1
#define CILK_CF_RELEASING 2
#define CILK_ABI_CLOSURE_NEW "__cilkrt_closure_new"
#define CILK_ABI_RELEASE "__cilkrt_release"
#define CILK_ABI_RELEASE_BOTTOM "__cilkrt_release_bottom"

/* ---- Work and span profiling (-fplugin-arg-cilk-profile) ----
 *
 * In a profiled program every Cilk procedure has a record (struct
 * __cilk_prof, CILK_ABI_PROF_SIZE bytes, 8-aligned) in its frame and calls
 * the runtime at each end and start of a strand (a Cilk-5 thread):
 *   enter    first thing in the procedure
 *   spawn    just before a spawned call (again if a released frame
 *            resumes there: only the first call counts)
 *   spawn_quietable  instead of spawn where the spawned procedure has a
 *            quiet clone (below): the child may run quiet
 *   resume   first thing in the continuation of a spawn
 *   sync     just before a sync (explicit or the implicit one at return)
 *   sync_empty  instead of sync where the sync follows a spawn statement
 *            at once: the strand it ends holds none of the procedure's
 *            own code (the spawn's result assignment is the child's), so
 *            the runtime ends it without reading the clock
 *   synced   first thing after the sync
 *   return   just before the procedure returns (after its implicit sync)
 *   region_begin, region_end   after a sync region's begin marker and
 *            before its end marker (CILK_ABI_REGION_BEGIN): the children
 *            spawned in between join the region's paths, not the
 *            procedure's
 *   catch    C++: first thing in each landing pad, a sync (a child that
 *            threw is done, and the pad waits for every child, as the
 *            parallel modes' pads do)
 *   unwind   C++: an exception leaves the procedure (its children are all
 *            done), instead of return; every call that may throw has a
 *            landing pad in a profile build (CilkProfile.cpp)
 * The runtime times each strand; the span is computed with the earliest-
 * start timestamps of the Cilk paper (section 4).
 * The burdened span is the span in which each spawned child's path also
 * carries a burden, the cost of stealing its continuation (Cilkview's).
 * Cilk_user_work, Cilk_user_critical_path and wsp_getworkspan() in a
 * profiled procedure read its record: the pass makes each call of the
 * plain entry points below a call of the __cilkrt_prof_ one with the
 * record (CilkProfile.cpp).
 *
 * Quiet clones: a child subtree that takes less than the profile's grain
 * (CILK_PROFILE_GRAIN) costs more in hooks and clock reads than it runs,
 * so the spawn_quietable hook may decide that the child runs quiet: it
 * sets this thread's CILK_ABI_PROF_QUIET (an unsigned char). Each profiled
 * procedure that can be spawned (a fast clone, a leaf, a procedure of the
 * serial elision) first tests the flag, and if set clears it and runs its
 * quiet clone instead: f.quiet (CILK_ABI_QUIET_SUFFIX; its fast clone
 * f.quiet.fast), the same procedure without hooks, lowered as a build
 * without profiling lowers it, whose calls and spawns run quiet clones
 * too. The child's whole subtree is then timed as one strand, from the
 * spawn hook to the resume hook (or catch), at the plain build's speed. */
#define CILK_ABI_PROF_SIZE 112
#define CILK_ABI_PROF_QUIET "__cilkrt_prof_quiet"
#define CILK_ABI_QUIET_SUFFIX ".quiet"
#define CILK_ABI_USER_WORK "__cilkrt_user_work"
#define CILK_ABI_USER_CRITICAL_PATH "__cilkrt_user_critical_path"
#define CILK_ABI_PROF_USER_WORK "__cilkrt_prof_user_work"
#define CILK_ABI_PROF_USER_CRITICAL_PATH "__cilkrt_prof_user_critical_path"
/* Cilkscale's wsp_getworkspan() (cilkscale.h): __cilkrt_workspan(out),
 * made __cilkrt_prof_workspan(record, out) in a profiled procedure. */
#define CILK_ABI_WORKSPAN "__cilkrt_workspan"
#define CILK_ABI_PROF_WORKSPAN "__cilkrt_prof_workspan"
#define CILK_ABI_PROF_ENTER "__cilkrt_prof_enter"
#define CILK_ABI_PROF_SPAWN "__cilkrt_prof_spawn"
#define CILK_ABI_PROF_SPAWN_QUIETABLE "__cilkrt_prof_spawn_quietable"
#define CILK_ABI_PROF_RESUME "__cilkrt_prof_resume"
#define CILK_ABI_PROF_SYNC "__cilkrt_prof_sync"
#define CILK_ABI_PROF_SYNC_EMPTY "__cilkrt_prof_sync_empty"
#define CILK_ABI_PROF_SYNCED "__cilkrt_prof_synced"
#define CILK_ABI_PROF_RETURN "__cilkrt_prof_return"
#define CILK_ABI_PROF_CATCH "__cilkrt_prof_catch"
#define CILK_ABI_PROF_UNWIND "__cilkrt_prof_unwind"
#define CILK_ABI_PROF_REGION_BEGIN "__cilkrt_prof_region_begin"
#define CILK_ABI_PROF_REGION_END "__cilkrt_prof_region_end"

/* ---- Determinacy-race detection (-fplugin-arg-cilk-race) ----
 *
 * A race build is the serial elision, run once, depth first, with every
 * memory access instrumented (clang's ThreadSanitizer instrumentation: the
 * __tsan_* hooks, implemented by libcilkrace.a, not by TSan) and these
 * hooks, which give the detector the series-parallel structure (SP-bags,
 * Feng and Leiserson 1997). Each Cilk procedure has a record (struct
 * __cilk_race, CILK_ABI_PROF_SIZE bytes, 8-aligned) in its frame:
 *   enter    first thing in the procedure
 *   spawn    just before a spawned call, located at the spawn, with the
 *            call's pointer arguments after the record (so that they
 *            escape: the detector does not read them)
 *   tail     after the spawned call, before its result assignment or
 *            inlet when it has one; the argument is 1 if that tail is
 *            atomic (an inlet, or `x op= spawn`), 0 for `x = spawn`;
 *            then the addresses the tail reads or writes (so that they
 *            escape and are instrumented: the parent may read them too)
 *   resume   after the spawn statement (the tail and inlet included)
 *   sync     just before a sync (explicit or the implicit one at return):
 *            of the innermost open sync region's children
 *   region_begin, region_end   where the markers of a sync region were
 *            (CILK_ABI_REGION_BEGIN), its end after its sync
 *   return   just before the procedure returns (after its implicit sync)
 *   catch    C++: first thing in each landing pad (a child that threw is
 *            done, and the pad waits for every child, as the parallel
 *            modes' pads do)
 *   unwind   C++: an exception leaves the procedure (its children are all
 *            done), instead of return
 * and forget(ptr, size) where memory the elision reuses changes hands: a
 * spawn's aggregate-result temporary after resume, a by-value parameter
 * before return. */
#define CILK_ABI_RACE_ENTER "__cilkrt_race_enter"
#define CILK_ABI_RACE_SPAWN "__cilkrt_race_spawn"
#define CILK_ABI_RACE_TAIL "__cilkrt_race_tail"
#define CILK_ABI_RACE_RESUME "__cilkrt_race_resume"
#define CILK_ABI_RACE_SYNC "__cilkrt_race_sync"
#define CILK_ABI_RACE_RETURN "__cilkrt_race_return"
#define CILK_ABI_RACE_CATCH "__cilkrt_race_catch"
#define CILK_ABI_RACE_UNWIND "__cilkrt_race_unwind"
#define CILK_ABI_RACE_REGION_BEGIN "__cilkrt_race_region_begin"
#define CILK_ABI_RACE_REGION_END "__cilkrt_race_region_end"
#define CILK_ABI_RACE_FORGET "__cilkrt_race_forget"
/* scope_end(ptr, size): an escaping local's lifetime ends here (after
 * inlining and stack colouring its slot may be another local's): a write
 * for the checks, then forgotten. */
#define CILK_ABI_RACE_SCOPE_END "__cilkrt_race_scope_end"
/* read_range(ptr, size), write_range(ptr, size): ThreadSanitizer's own
 * entry points, called by the pass for an access that ThreadSanitizer's
 * instrumentation leaves out: to a member or element of an escaping local
 * (it asks whether the address is captured, not whether the local is), or
 * of a size other than 1, 2, 4, 8 or 16 bytes, and the read of a by-value
 * argument's source, which the code generator copies (before the call, or
 * before a spawned call's spawn hook: the parent makes the copy). */
#define CILK_ABI_RACE_READ_RANGE "__tsan_read_range"
#define CILK_ABI_RACE_WRITE_RANGE "__tsan_write_range"

/* Frame header: desc at 0, resume at 8, then runtime-private words. */
#define CILK_ABI_FRAME_DESC_OFFSET 0
#define CILK_ABI_FRAME_RESUME_OFFSET 8
#define CILK_ABI_FRAME_RT_WORDS 12 /* 8-byte words private to the runtime */
#define CILK_ABI_FRAME_HEADER_SIZE (16 + 8 * CILK_ABI_FRAME_RT_WORDS)
/* A procedure with an sret result: the address its caller gave, right
 * after the header (CILK_ABI_RESULT_ADDR). */
#define CILK_ABI_FRAME_SRET_OFFSET CILK_ABI_FRAME_HEADER_SIZE

/* The head of the worker's deque, the oldest entry (written by thieves), as
 * the slow clone's pops read it: on its own cache line, away from the word
 * that holds the tail (CILK_ABI_TLS_TAIL). */
#define CILK_ABI_WORKER_HEAD_OFFSET 64

/* Continuation-passing closures (threads.c). The runtime's header comes
 * first; argument slots follow it, each an 8-byte word that links it to
 * its closure right before the value (a continuation is the value's
 * address). */
#define CILK_ABI_CP_HEADER_SIZE 48
#define CILK_ABI_CP_NEW "__cilkrt_cp_new"
#define CILK_ABI_CP_ARM "__cilkrt_cp_arm"
#define CILK_ABI_CP_START "__cilkrt_cp_start"
#define CILK_ABI_CP_RESULT "__cilkrt_cp_result"
#define CILK_ABI_CP_WAIT "__cilkrt_cp_wait"
#define CILK_ABI_CP_AWAIT "__cilkrt_cp_await"
#define CILK_ABI_CP_STAGE "__cilkrt_cp_stage"
#define CILK_ABI_CP_GATHER "__cilkrt_cp_gather"
/* A tail_call that is no musttail call (CilkThreadLowering.cpp): its closure,
 * which the runner of the calling thread runs next (threads.c). */
#define CILK_ABI_CP_TAIL "__cilkrt_cp_tail"
/* A vector left empty is staged in its closure, at a 16-aligned area: a
 * header of CILK_ABI_CP_STAGE_HEADER bytes (threads.c: struct cp_stage),
 * then element i's value at FIRST + i * STRIDE, each after its link word.
 * Values are aligned to their type's alignment, 8 at least, 16 at most. */
#define CILK_ABI_CP_STAGE_HEADER 16
#define CILK_ABI_CP_STAGE_ALIGN(align)                                        \
    ((align) < 8 ? 8ul : (align) > 16 ? 16ul : (unsigned long)(align))
#define CILK_ABI_CP_STAGE_FIRST(align)                                        \
    (CILK_ABI_CP_STAGE_HEADER + CILK_ABI_CP_STAGE_ALIGN(align))
#define CILK_ABI_CP_STAGE_STRIDE(size, align)                                 \
    (((size) + 2 * CILK_ABI_CP_STAGE_ALIGN(align) - 1) &                      \
     ~(CILK_ABI_CP_STAGE_ALIGN(align) - 1))
/* In a profile build a Cilk procedure starts a computation and waits for
 * its results through these, its profile record first: each is a strand
 * boundary of the procedure. */
#define CILK_ABI_PROF_CP_START "__cilkrt_prof_cp_start"
#define CILK_ABI_PROF_CP_WAIT "__cilkrt_prof_cp_wait"

/* desc->flags */
#define CILK_DESC_HEAP_FRAME 1 /* frames come from __cilkrt_frame_alloc */
#define CILK_DESC_LAZY 2       /* indolent or sedative: the fast clone never
                                  pushes; frames on a deque are closures */
#define CILK_DESC_ATOMIC 4     /* user inlets or abort: the slow clone holds
                                  the frame's lock while it runs (between
                                  CILK_ABI_FRAME_LOCK and _UNLOCK), and
                                  CILK_ABI_APPLY leaves it held */
#define CILK_DESC_THREAD 8     /* the deque entry is a continuation-passing
                                  closure (threads.c), not a frame */

/* site->dst_kind: where the result of spawn site N goes */
#define CILK_DST_NONE 0     /* discarded */
#define CILK_DST_FIELD 1    /* the frame field at dst_offset */
#define CILK_DST_POINTER 2  /* the address saved in the frame at dst_offset */
#define CILK_DST_FRAME 3    /* the frame itself: a user inlet's code reads
                               and writes any of its fields */

/* __cilkrt_pop_slow's answer */
#define CILK_POP_OK 0       /* the frame is still ours: continue */
#define CILK_POP_STOLEN 1   /* stolen: the result went to the thief; return */

#ifdef __cplusplus
extern "C" {
#endif

/* The layouts and entry points below concern only the pass and the runtime.
 * They stay out of Cilk programs (the plugin defines __cilk), so that the
 * output of `clang -E` with this header compiles again with the plugin. */
#ifndef __cilk
struct __cilk_frame;
/* frame: the parent's frame. A user inlet (CILK_DST_FRAME) reads its
 * arguments at their frame offsets from dst (the frame itself, or a copy
 * of the arguments' span made while the spawn was the frame's current
 * one: the parent may have run it again since), and everything else from
 * frame. */
typedef void (*__cilk_inlet_fn)(void *dst, const void *result, void *frame);

struct __cilk_site {
    __cilk_inlet_fn inlet; /* null: nothing to apply */
    int dst_kind;          /* CILK_DST_* */
    int dst_offset;
    /* CILK_DST_FRAME: the inlet's arguments besides the result are the
     * frame's bytes [dst_offset, dst_offset + args_size), the only ones a
     * delivery copies (the rest of the frame may be in use). */
    int args_size;
    /* The sync region the spawn or sync at this resume index is in
     * (CILK_ABI_REGION_BEGIN, below): 0 for the procedure's own, d for
     * the d-th nested cilk_scope or call of a procedure that spawns. */
    int region;
    /* The spawn's child makes its aggregate (sret) result in place, in
     * memory of the parent that never moves (a heap frame's field, the
     * spawn's own storage): a child that finishes in its slow clone makes
     * it there too (CILK_ABI_RESULT_ADDR), and the inlet finds it there. */
    int in_place;
    /* C++: what of the spawn's tail runs when its child threw after the
     * parent was stolen (the tail without the assignment: the arguments'
     * temporaries destroyed), the inlet's signature with a null result;
     * null if nothing. */
    __cilk_inlet_fn unwind;
};

struct __cilk_desc {
    void (*slow)(struct __cilk_frame *);
    int size;          /* bytes of the whole frame (%f.closure) */
    int flags;         /* CILK_DESC_* */
    int retval_offset; /* where the slow clone leaves its result */
    int nsites;        /* resume indices 1 .. nsites-1 (in lazy modes the
                          last ones resume before a spawn: no result) */
    const struct __cilk_site *sites;
    const char *name;
    unsigned long long id; /* FNV-1a of name (CILK_ABI_FNV_*) */
    const char *layout;    /* portable: the frame's description, else null */
    /* portable: a hash of the procedure's code and of all it calls
     * (the code hash, above), else 0 */
    unsigned long long code;
    /* Sync regions nested in the procedure: a closure of it counts the
     * children of region d = 1 .. nregions in a long (8 bytes) at
     * regions_offset + 8 * (d - 1) in its frame, which the runtime owns. */
    int nregions;
    int regions_offset;
    /* A procedure with an sret result: the result's bytes, else 0. Until
     * a frame is linked to a parent, its result is made at its caller's
     * address (CILK_ABI_RESULT_ADDR); a link that does not take it in
     * place moves what was made so far into the result field. */
    int retval_size;
};

struct __cilk_unit {
    int mode;            /* CILK_MODE_* */
    int flags;           /* CILK_UNIT_* */
    const char *file;    /* the module's source file */
    const void *runtime; /* CILK_ABI_RUNTIME_HINT */
};

struct __cilk_frame {
    const struct __cilk_desc *desc;
    int resume; /* the spawn site or sync point the frame is suspended at */
    int flags;
    void *rt[CILK_ABI_FRAME_RT_WORDS];
};

/* Called by generated code (never by users). w is this thread's worker
 * (the value of CILK_ABI_TLS_WORKER). */
int __cilkrt_pop_slow(void *w, void *result);
int __cilkrt_pop_step(void *w, void *result);
/* The slow clone's spawn at `site` returned without a steal: apply its
 * result with the site's inlet, under f's lock (CILK_DESC_ATOMIC: take the
 * lock, skip the inlet if f aborted since the spawn, keep the lock). */
void __cilkrt_apply(void *w, struct __cilk_frame *f, int site, void *result);
int __cilkrt_sync(void *w, struct __cilk_frame *f);
void *__cilkrt_result_addr(struct __cilk_frame *f);
/* CILK_ABI_EXN_* above. */
void *__cilkrt_exn_capture(void *unwind_exception);
void __cilkrt_exn_rethrow(void *h) __attribute__((__noreturn__));
int __cilkrt_pop_threw(void *h);
void __cilkrt_exn_keep(struct __cilk_frame *f, void *h);
int __cilkrt_sync_threw(void *w, struct __cilk_frame *f);
int __cilkrt_exn_pending(struct __cilk_frame *f, int region);
void __cilkrt_rethrow_pending(struct __cilk_frame *f, int region)
    __attribute__((__noreturn__));
void __cilkrt_top_threw(void *h);
struct __cilk_frame *__cilkrt_frame_alloc(void *w, const struct __cilk_desc *d);
void __cilkrt_frame_free(void *w, struct __cilk_frame *f);
void *__cilkrt_alloca(void **list, unsigned long size);
/* Runs thunk(args) as a computation of its own on the workers (started
 * from the environment's options if none run) and waits for it. The thunk
 * calls a fast clone and leaves its result (size bytes) at tmp; the result
 * of the computation, however it ended, is copied to result, unless tmp is
 * result (an sret result, made there in every case: CILK_ABI_RESULT_ADDR). */
int __cilkrt_run(void (*thunk)(void *), void *args, const void *tmp,
                 void *result, unsigned long size);
void __cilkrt_free_allocas(void **list);
/* Take and give back f's lock (the slow clone of a CILK_DESC_ATOMIC
 * procedure). Unlock before each spawn records the abort generation the
 * spawned child belongs to. */
void __cilkrt_frame_lock(struct __cilk_frame *f);
void __cilkrt_frame_unlock(struct __cilk_frame *f);
/* `abort;` in f's slow clone or inlet, holding f's lock: the children f
 * has outstanding now are abandoned (their results and inlets dropped) and
 * stop at their next spawn, sync or return where the mode allows. */
void __cilkrt_abort(struct __cilk_frame *f);
/* SYNCHED in f's slow clone: no child outstanding. */
int __cilkrt_synched(struct __cilk_frame *f);
/* A frame of d from this thread's worker, d stored. (The lazy fast clone's
 * rare path: the worker is found here, not kept in a register.) */
struct __cilk_frame *__cilkrt_closure_new(const struct __cilk_desc *d);
/* A fast clone saved its live values and resume index into f (from
 * __cilkrt_closure_new, or its heap frame) at a check that found the
 * control-flow word not NORMAL. result: the spawn's result at f->resume if
 * the call returned normally (sedative), else null or ignored. waits:
 * nonzero if the code at f->resume reaches a sync of the spawn's region
 * before anything else (computed from the frame's values as they are
 * now), so that a closure with its child outstanding would only suspend
 * there; only ever a hint of what to schedule. */
void __cilkrt_release(struct __cilk_frame *f, void *result, int waits);
/* A slow clone's spawned child was released: f, pushed before the call, is
 * the bottom of the release. The slow clone returns at once afterwards. */
void __cilkrt_release_bottom(void *w, struct __cilk_frame *f);

/* A thread: how its closure runs, as the pass lays it out. */
struct __cilk_thread {
    void (*run)(void *closure); /* loads the slots and calls the thread */
    int size;                   /* bytes of the closure without vectors */
    int nparams;
    const char *name;
    unsigned long long id; /* FNV-1a of name (CILK_ABI_FNV_*) */
    /* The parameters' description (CILK_ABI_LAYOUT_ANNOTATION), or null:
     * the pass had none, or the closure holds vectors. */
    const char *layout;
    const unsigned *offsets; /* each parameter's slot in the closure */
    /* With a description: a hash of the thread's code and of all it calls
     * (the code hash, above), else 0. */
    unsigned long long code;
};
/* A closure of thread t, `size` bytes (t->size, and its vectors after
 * that), waiting for `missing` arguments: the sender of the last one posts
 * it. The creator fills every other slot before the statement that made
 * it ends. */
void *__cilkrt_cp_new(const struct __cilk_thread *t, int missing,
                      unsigned long size);
/* The creator has filled a closure that misses no argument: posts it. */
void __cilkrt_cp_arm(void *closure);
/* `tail_call T(args)` in a thread: a closure of thread t, `size` bytes,
 * missing nothing, that is never posted. The caller fills its slots before
 * it returns; this worker then runs it as soon as the calling thread has
 * returned to its runner, before anything else, so that a chain of tail
 * calls runs in constant stack space. The caller's own closure stays
 * allocated until T has returned, so T's arguments may point into it (not
 * into the caller's locals). If the calling thread made an earlier tail
 * call, that closure is posted instead, as by `spawn`: it may run after
 * the caller's closure is freed, so only the last tail call's arguments
 * may point into it. */
void *__cilkrt_cp_tail(const struct __cilk_thread *t, unsigned long size);
/* A Cilk procedure's `spawn T(...)`: runs the filled closure now, and the
 * closures it posts on this worker, before the procedure goes on. */
void __cilkrt_cp_start(void *closure);
/* A continuation that delivers into dst (size bytes) of a Cilk procedure
 * that waits for it at its next sync: the value slot to send to. The
 * procedure's pending results are linked from *list. */
void *__cilkrt_cp_result(void **list, void *dst, unsigned long size);
/* The procedure syncs: waits until every result on *list has arrived
 * (running threads meanwhile), then empties the list. */
void __cilkrt_cp_wait(void **list);
/* A lazy fast clone, before __cilkrt_cp_wait: waits as it does, but
 * returns 1 as soon as a thief asks this worker to release its frames
 * while a result is still out (the caller then polls, and its slow clone
 * waits again without asking); 0 once every result has arrived. */
int __cilkrt_cp_await(void **list);
/* A vector of n elements of `size` bytes and alignment `align` left empty
 * in closure c, staged at `area` (CILK_ABI_CP_STAGE_FIRST(align) + n *
 * CILK_ABI_CP_STAGE_STRIDE(size, align) bytes): links each element's slot
 * to c and makes conts[i] its continuation. The creator counts the n
 * elements in the closure's `missing`. */
void __cilkrt_cp_stage(void *closure, void *area, void **conts,
                       unsigned long n, unsigned long size,
                       unsigned long align);
/* The closure's thread is about to run: the staged values move to the
 * start of the area, one after the other, the vector the thread reads. */
void __cilkrt_cp_gather(void *area);

/* A procedure's profile record. Its owner's strands (one at a time, on any
 * worker) write every field but `children`, which finished children raise
 * atomically. Times are in timestamp-counter ticks. */
struct __cilk_prof {
    struct __cilk_prof *parent; /* null for Cilk main */
    /* Lengths and paths in ticks (or strands), signed: a strand weighs its
     * measured length less the average cost of profiling, which may leave
     * a short one below zero (profile.c). */
    long long at;               /* the parent's span when it spawned this */
    unsigned long long start;   /* when the current strand started */
    long long span;             /* longest path from entry to `start` */
    long long children;         /* (atomic) max of at + span of the
                                   children finished since the last sync */
    short spawning;             /* between spawn and resume: 1, or 2
                                   if the child runs quiet */
    short spawned;              /* spawned since the last sync */
    int depth;                  /* the parent's depth + 1; Cilk main 0 */
    const void *site;           /* the parent's spawn hook that spawned
                                   this (its return address), or null */
    long long work;             /* this instance's finished strands */
    long long children_work;    /* (atomic) the total work of the
                                   children that have returned */
    long long bat;              /* the parent's burdened span at the spawn */
    long long bspan;            /* span with each spawn's burden */
    long long bchildren;        /* (atomic) max of bat + bspan + burden
                                   of the children since the last sync */
    /* Sync regions: the innermost one open in this instance (its children
     * and bchildren, of the children spawned in it), or null; and, as a
     * child, the parent's region it was spawned in, which its return
     * raises instead of the parent's own fields (null: those). */
    struct __cilk_prof_region *region, *into;
};
struct __cilk_wsp; /* cilkscale.h's wsp_t */
void __cilkrt_prof_workspan(struct __cilk_prof *p, struct __cilk_wsp *out);
long long __cilkrt_prof_user_work(struct __cilk_prof *p);
long long __cilkrt_prof_user_critical_path(struct __cilk_prof *p);
void __cilkrt_prof_enter(struct __cilk_prof *p);
void __cilkrt_prof_spawn(struct __cilk_prof *p);
void __cilkrt_prof_resume(struct __cilk_prof *p);
void __cilkrt_prof_sync(struct __cilk_prof *p);
void __cilkrt_prof_sync_empty(struct __cilk_prof *p);
void __cilkrt_prof_synced(struct __cilk_prof *p);
void __cilkrt_prof_return(struct __cilk_prof *p);
void __cilkrt_prof_catch(struct __cilk_prof *p);
void __cilkrt_prof_unwind(struct __cilk_prof *p);
void __cilkrt_prof_region_begin(struct __cilk_prof *p);
void __cilkrt_prof_region_end(struct __cilk_prof *p);
void __cilkrt_prof_cp_start(struct __cilk_prof *p, void *closure);
void __cilkrt_prof_cp_wait(struct __cilk_prof *p, void **list);
/* CILK_ABI_C_THREW (runtime/except.c): does not return. */
void __cilkrt_c_threw(void *exception) __attribute__((__noreturn__));
#endif /* !__cilk */

/* `spawn f(args)` is compiled as `((T)__cilk_spawn_marker((void *)f))(args)`:
 * the pass folds the marker back into a direct call of f tagged
 * !cilk.spawn. The runtime's definition is the identity, so a build that
 * skipped the pass (an IR input compiled without -fpass-plugin) still runs,
 * serially. */
void *__cilk_spawn_marker(void *fn) __attribute__((__nothrow__));
/* `cilk_spawn f(args)` of a function not known here to be a Cilk procedure
 * (a C function, one of another file, a pointer): the same, except that f
 * may be any function. The pass spawns f's fast clone where f turns out to
 * have one (in this file, or through the prefix of its C entry point). */
void *__cilk_spawn_any_marker(void *fn) __attribute__((__nothrow__));
/* C++: `cilk_spawn obj.f(args)`, `p->f(args)` and `cilk_spawn [&]{ ... }()`
 * call a member function, which has no address as a plain function (and a
 * virtual one is found through obj's vtable): the object goes through this
 * marker instead, `(*(S *)__cilk_spawn_object_marker((void *)&obj)).f(args)`.
 * The pass tags the call that takes the marker's result as its object
 * argument (`this`) as the spawn, as it does for __cilk_spawn_any_marker's
 * callee, and folds the marker away. */
void *__cilk_spawn_object_marker(void *obj) __attribute__((__nothrow__));

/* `sync;` is compiled as a call of this marker. The runtime's definition does
 * nothing, which is the serial semantics. In C++ a sync may throw (a
 * child's exception comes out of the sync that waits for it), so that a
 * sync in the scope of a destructor or `try` is an invoke. */
#ifdef __cplusplus
void __cilk_sync_marker(void);
#else
void __cilk_sync_marker(void) __attribute__((__nothrow__));
#endif

/* The `sync` keyword is spelled __cilk_sync so that <unistd.h>'s
 * `void sync(void)` still declares a function: a call `sync()` reaches the
 * runtime's __cilk_sync, which calls the C library's sync(2). Only the
 * statement `sync;` is the Cilk sync. */
void __cilk_sync(void);
/* A cilk_for is compiled as a loop of k from this marker's value (0) to n,
 * whose body is a captured statement (clang's outlining) of k's address
 * among others (the plugin: CilkOpenCilk.cpp). The pass runs the body for
 * every k from a divide-and-conquer procedure instead, in chunks of `grain`
 * iterations (0: the runtime's default, CILK_ABI_FOR_GRAIN). */
unsigned long long __cilk_for_begin(unsigned long long n, long long grain,
                                    unsigned long long *k)
    __attribute__((__nothrow__));
/* A spawned statement (`cilk_spawn { ... }`) is compiled as
 * `{ __cilk_spawn_stmt(); S }`, S a captured statement of the block: clang
 * outlines it into a function of a context, the addresses of the variables
 * it uses (the plugin: CilkOpenCilk.cpp). The pass spawns that function
 * (CilkSpawnStmt.cpp); without the pass the marker does nothing and the
 * block runs in place, the serial elision. */
void __cilk_spawn_stmt(void) __attribute__((__nothrow__));
/* The default grain of a cilk_for of n iterations: min(2048, ceil(n / 8P))
 * on P workers (OpenCilk's). */
long long __cilkrt_for_grain(unsigned long long n) __attribute__((__nothrow__));

/* Reducers (`T cilk_reducer(identity, reduce) x;`, runtime/hyper.h). The
 * plugin compiles each access of x as `*(T *)__cilkrt_hyper_lookup(&x,
 * sizeof(T), identity, reduce)`, the current view (x itself until a steal
 * makes a view necessary); the declaration of a local x as a call of
 * __cilkrt_hyper_declare after it (its identity first if it has no
 * initializer) and the end of its scope as one of
 * __cilkrt_hyper_unregister. The pass lets the optimizer reuse a view up to
 * the next spawn or sync, and a module that looks up views registers
 * itself with __cilkrt_hyper_enable before main. The serial elision calls
 * none of them. */
typedef void (*__cilk_identity_fn)(void *view);
typedef void (*__cilk_reduce_fn)(void *left, void *right);
void *__cilkrt_hyper_lookup(void *key, unsigned long size, void *identity,
                            void *reduce) __attribute__((__nothrow__));
void __cilkrt_hyper_declare(void *key, void *identity, void *reduce,
                            int initialized) __attribute__((__nothrow__));
void __cilkrt_hyper_unregister(void *key) __attribute__((__nothrow__));
void __cilkrt_hyper_enable(void) __attribute__((__nothrow__));

/* `cilk_sync` (OpenCilk's spelling) is spelled __cilk_sync_any: the statement
 * `cilk_sync;` is a sync in a function that spawns and nothing in one that
 * does not. Never defined: the plugin replaces every use. */
void __cilk_sync_any(void);

/* The `abort` keyword is spelled __cilk_abort, so that <stdlib.h> still
 * declares the C library's abort() (as __cilk_abort, which the runtime
 * defines as a call of abort()): a call `abort()` aborts the process, the
 * statement `abort;` in a Cilk procedure or inlet becomes a call of the
 * marker below. */
void __cilk_abort(void) __attribute__((__nothrow__, __noreturn__));
void __cilk_abort_marker(void) __attribute__((__nothrow__));
/* SYNCHED expands to this call: 1 when the procedure has no outstanding
 * children. The pass lowers it; the runtime's definition answers 1. */
int __cilk_synched(void) __attribute__((__nothrow__));
/* The code of an inlet call lies between these markers, after its spawn;
 * the argument pairs them (plugin: CilkInlets.cpp). */
void __cilk_inlet_begin(int) __attribute__((__nothrow__));
/* Before the spawn: the inlet's other arguments, each spawn's own. */
void __cilk_inlet_args(int, ...) __attribute__((__nothrow__));
void __cilk_inlet_end(int) __attribute__((__nothrow__));
/* `lhs op= spawn f(args);` is compiled as `{ lhs op= spawn f(args);
 * __cilk_spawn_end(); }`: the pass evaluates lhs before the call and makes
 * the assignment, up to this marker, the spawn's tail. */
void __cilk_spawn_end(void) __attribute__((__nothrow__));
/* Sync regions (OpenCilk's rule: a sync waits for the spawns of the
 * innermost cilk_scope, cilk_for body or function only). The plugin
 * compiles `cilk_scope S` as `{ __cilk_region_begin(); S;
 * __cilk_sync_marker(); __cilk_region_end(); }`, and each jump out of S
 * (break, continue, goto, return) as `{ __cilk_sync_marker();
 * __cilk_region_end(); jump }`; the pass does the same around a call of
 * a procedure that spawns, which it makes a spawn (CilkCalls.cpp). A sync
 * waits for the children spawned at its own depth of regions; the
 * implicit sync before a return, at depth 0, for all of them. The pass
 * removes the markers (their runtime definitions do nothing). */
void __cilk_region_begin(void) __attribute__((__nothrow__));
void __cilk_region_end(void) __attribute__((__nothrow__));
/* C++ try statements in such a procedure: `{ __cilk_try_marker(k); try
 * ... }`, and each of its handlers begins with __cilk_catch_marker(k), k
 * numbering the procedure's try statements. The pass learns from them
 * which region's exceptions a landing pad may hand to which handler: the
 * try statement's depth of regions (CilkRegions.cpp, exceptionRegions),
 * and removes them. */
void __cilk_try_marker(int) __attribute__((__nothrow__));
void __cilk_catch_marker(int) __attribute__((__nothrow__));

/* Continuation-passing threads: markers the pass lowers (their runtime
 * definitions stop the program: nothing that skipped the pass can run a
 * thread), and send_argument's runtime call: slot's value was just stored;
 * the closure it belongs to receives it. */
void *__cilk_cp_spawn_marker(void *fn) __attribute__((__nothrow__));
void *__cilk_cp_next_marker(void *fn) __attribute__((__nothrow__));
void *__cilk_cp_tail_marker(void *fn) __attribute__((__nothrow__));
void *__cilk_cp_missing_marker(void *cont) __attribute__((__nothrow__));
void *__cilk_cp_vector_marker(const void *p, unsigned long bytes)
    __attribute__((__nothrow__));
void *__cilk_cp_missing_vector_marker(void *conts, unsigned long bytes,
                                      unsigned long size,
                                      unsigned long align)
    __attribute__((__nothrow__));
void *__cilk_cp_result_marker(void *dst, unsigned long size)
    __attribute__((__nothrow__));
void __cilk_cp_send(void *slot) __attribute__((__nothrow__));

/* `cilk int main(...)` is emitted under this name; libcilkrt provides the
 * process's real main(), reads its own options and calls it. */
int __cilk_main(int argc, char *argv[]);

#ifdef __cplusplus
}
#endif

#endif /* CILK_ABI_H */
