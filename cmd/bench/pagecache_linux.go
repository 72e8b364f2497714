package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// dropFromPageCache asks the kernel to drop a data file the benchmark has
// just read from the page cache, so that sampling a multi-gigabyte
// addresses file does not evict the index the measurement then reads (a
// national index is memory-resident in service; the benchmark's own reads
// must not make it cold).
func dropFromPageCache(f *os.File) {
	_ = unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
}
