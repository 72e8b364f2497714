// Package staticfs serves embedded static assets without directory
// listings.
package staticfs

import (
	"io/fs"
	"net/http"
)

// Files is an http.FileSystem over fsys that serves files only: opening a
// directory (which http.FileServer would list) fails as not found, so
// "/static/" and any sub-directory answer 404.
func Files(fsys fs.FS) http.FileSystem { return noDirs{http.FS(fsys)} }

type noDirs struct{ http.FileSystem }

func (n noDirs) Open(name string) (http.File, error) {
	f, err := n.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, fs.ErrNotExist
	}
	return f, nil
}
