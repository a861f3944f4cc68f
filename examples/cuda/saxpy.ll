; saxpy for AMDGPU (HSA): y[i] = a * x[i] + y[i], one work-item per element.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @saxpy(ptr addrspace(1) %x, ptr addrspace(1) %y, float %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 256
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %idx = sext i32 %i to i64
  %px = getelementptr float, ptr addrspace(1) %x, i64 %idx
  %py = getelementptr float, ptr addrspace(1) %y, i64 %idx
  %vx = load float, ptr addrspace(1) %px
  %vy = load float, ptr addrspace(1) %py
  %m = fmul float %a, %vx
  %r = fadd float %m, %vy
  store float %r, ptr addrspace(1) %py
  br label %done
done:
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
