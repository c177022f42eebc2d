; Checks `T x = spawn f();` with T returned in memory: a local that only
; the spawn writes gets a temporary, copied into it by its bytes after the
; call (@plain), unless the plugin annotated it CILK_ABI_IN_PLACE_ANNOTATION
; (a C++ class that is not trivially copyable, whose copy may not be its
; bytes: @pinned), whose result is made in the local itself, in every mode,
; the serial elision included; in the parallel modes the local lives in
; the heap frame (%x.field) and the site takes the result in place.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s --check-prefix=PAR

%struct.obj = type { ptr, [3 x i64] }

@in_place = private unnamed_addr constant [14 x i8] c"cilk.in_place\00", section "llvm.metadata"
@file = private unnamed_addr constant [6 x i8] c"x.cpp\00", section "llvm.metadata"

declare void @mk(ptr sret(%struct.obj))
declare void @use(i64)
declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

; CHECK-LABEL: define void @plain()
; CHECK: %result.tmp = alloca %struct.obj
; CHECK: call void @mk(ptr sret(%struct.obj) %result.tmp)
; CHECK: call void @llvm.memcpy{{.*}}(ptr {{.*}}%x, ptr {{.*}}%result.tmp, i64 32, i1 false)
define void @plain() #0 {
entry:
  %x = alloca %struct.obj
  call void @mk(ptr sret(%struct.obj) %x), !cilk.spawn !0
  call void @__cilk_sync_marker()
  %p = getelementptr inbounds %struct.obj, ptr %x, i32 0, i32 1
  %v = load i64, ptr %p
  call void @use(i64 %v)
  ret void
}

; CHECK-LABEL: define void @pinned()
; CHECK-NOT: result.tmp
; CHECK: call void @mk(ptr sret(%struct.obj) %x)
; CHECK-NOT: memcpy
; CHECK: ret void
; PAR: @pinned.sites = internal constant [{{[0-9]+}} x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr {{.*}}, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 0, i32 1, ptr null }
; PAR-LABEL: define void @pinned.fast()
; PAR-NOT: result.tmp
; PAR: invoke void @mk.fast(ptr sret(%struct.obj) %x.field)
; PAR-NOT: memcpy
; PAR: ret void
define void @pinned() #0 {
entry:
  %x = alloca %struct.obj
  call void @llvm.var.annotation.p0.p0(ptr %x, ptr @in_place, ptr @file, i32 3, ptr null)
  call void @mk(ptr sret(%struct.obj) %x), !cilk.spawn !0
  call void @__cilk_sync_marker()
  %p = getelementptr inbounds %struct.obj, ptr %x, i32 0, i32 1
  %v = load i64, ptr %p
  call void @use(i64 %v)
  ret void
}

declare void @__cilk_sync_marker()

attributes #0 = { "cilk" }
!0 = !{}
