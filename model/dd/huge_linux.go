package dd

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the table's memory with huge pages
// (madvise MADV_HUGEPAGE, for systems whose transparent huge pages are
// given only to those who ask): a look lands anywhere in tens of
// megabytes, and with 4 KiB pages nearly every look also missed the
// processor's address cache (TLB). A refusal changes nothing but speed.
func adviseHuge(b []bucket) {
	if len(b) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*int(unsafe.Sizeof(b[0])))
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
}
