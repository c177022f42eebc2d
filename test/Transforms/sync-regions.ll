; Checks sync regions (CilkRegions.cpp): each spawn and sync of @scopes
; gets the depth of the cilk_scope markers around it in its descriptor
; site, the frame holds one count per nested region (the runtime's, right
; after the header: the descriptor says where), the markers are gone from every clone, a function
; that ends after a region's sync still syncs before it returns (the
; region's sync leaves the child spawned before it), markers that do not
; nest alike on every path leave one region, and a race build turns the
; markers into its region hooks.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s --check-prefix=RACE

declare void @__cilk_sync_marker()
declare void @__cilk_region_begin()
declare void @__cilk_region_end()
declare void @work(i32)

; spawn (0); scope { spawn (1); scope { spawn (2); sync (2) } sync (1) }
; then the implicit sync (0) the pass adds before the return.
define void @scopes(i32 %n) #0 {
entry:
  call void @work(i32 %n), !cilk.spawn !0
  call void @__cilk_region_begin()
  call void @work(i32 1), !cilk.spawn !0
  call void @__cilk_region_begin()
  call void @work(i32 2), !cilk.spawn !0
  call void @__cilk_sync_marker()
  call void @__cilk_region_end()
  call void @__cilk_sync_marker()
  call void @__cilk_region_end()
  ret void
}

; One path leaves the region without its end marker: one region.
define void @unbalanced(i1 %c) #0 {
entry:
  call void @work(i32 0), !cilk.spawn !0
  call void @__cilk_region_begin()
  call void @work(i32 1), !cilk.spawn !0
  br i1 %c, label %out, label %end
end:
  call void @__cilk_sync_marker()
  call void @__cilk_region_end()
  br label %out
out:
  call void @__cilk_sync_marker()
  ret void
}

attributes #0 = { "cilk" }
!0 = !{}

; CHECK-NOT: __cilk_region
; CHECK-DAG: @scopes.sites = internal constant [7 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site zeroinitializer, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null }, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 2, i32 0, ptr null }, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 2, i32 0, ptr null }, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null }, %cilk.site zeroinitializer]
; The counts of regions 1 and 2 right after the header: 16 bytes at 80.
; CHECK-DAG: @scopes.desc = internal constant %cilk.desc { ptr @scopes.slow, i32 128, {{.*}}, i32 2, i32 112, i32 0 }
; CHECK-DAG: @unbalanced.sites = internal constant [5 x %cilk.site] zeroinitializer
; CHECK-DAG: @unbalanced.desc = internal constant %cilk.desc { {{.*}}, i32 0, i32 0, i32 0 }
; The implicit sync before the return is the last resume point (6).
; CHECK-LABEL: define internal void @scopes.slow(ptr %frame)
; CHECK: store i32 6, ptr
; CHECK-NEXT: call i32 @__cilkrt_sync(
; CHECK-NOT: __cilk_region

; RACE-NOT: call void @__cilk_region
; RACE-LABEL: define void @scopes(
; RACE: call void @__cilkrt_race_region_begin(ptr %race)
; RACE: call void @__cilkrt_race_region_begin(ptr %race)
; RACE: call void @__cilkrt_race_sync(ptr %race)
; RACE-NEXT: call void @__cilkrt_race_region_end(ptr %race)
; RACE-NEXT: call void @__cilkrt_race_sync(ptr %race)
; RACE-NEXT: call void @__cilkrt_race_region_end(ptr %race)
; RACE-NEXT: call void @__cilkrt_race_sync(ptr %race)
; RACE-NEXT: call void @__cilkrt_race_return(ptr %race)
