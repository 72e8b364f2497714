//go:build !linux

package main

import "os"

// dropFromPageCache is a no-op where posix_fadvise is not available.
func dropFromPageCache(*os.File) {}
