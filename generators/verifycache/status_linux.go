package verifycache

import (
	"os"
	"syscall"
	"time"
)

// fileStatus is what a file's status says of its content: a change to the
// content changes the change time (ctime), which nothing can set back, and
// a file replaced by another has another inode.
type fileStatus struct {
	dev, ino     uint64
	mode         uint32
	size         int64
	mtime, ctime int64 // nanoseconds since 1970
}

// statusOf is info's status; false where the system does not tell.
func statusOf(info os.FileInfo) (fileStatus, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileStatus{}, false
	}
	return fileStatus{
		dev: uint64(st.Dev), ino: uint64(st.Ino), mode: uint32(st.Mode), size: st.Size,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(),
	}, true
}

// statusAt is the status of the file at path (of its target for a symlink,
// as fileLine reads it).
func statusAt(path string) (fileStatus, bool) {
	info, err := os.Stat(path)
	if err != nil {
		return fileStatus{}, false
	}
	return statusOf(info)
}

// changedBefore reports whether the file's content and status last changed
// before t.
func (s fileStatus) changedBefore(t time.Time) bool {
	limit := t.UnixNano()
	return s.ctime < limit && s.mtime < limit
}
