package verifycache

import (
	"fmt"
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
	return statusOfStat(st), true
}

func statusOfStat(st *syscall.Stat_t) fileStatus {
	return fileStatus{
		dev: uint64(st.Dev), ino: uint64(st.Ino), mode: uint32(st.Mode), size: st.Size,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(),
	}
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

// readFile reads the file at path into *buf (grown as needed) and returns
// its status as it was before the read: open, fstat, read and close, with
// no more system calls than that for a file whose size did not change (the
// os package adds a poller registration and a read to see the end). A
// file that grew after the fstat is read to its size: its change time has
// moved, so its status vouches for nothing in the next key.
func readFile(path string, buf *[]byte) (data []byte, status fileStatus, known bool, err error) {
	var fd int
	for {
		// O_NONBLOCK: a FIFO a symlink names must not block the open.
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, fileStatus{}, false, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, fileStatus{}, false, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, fileStatus{}, false, fmt.Errorf("%s is not a regular file", path)
	}
	status = statusOfStat(&st)
	size := int(st.Size)
	if cap(*buf) < size+1 {
		*buf = make([]byte, 0, size+512)
	}
	data = (*buf)[:0]
	for len(data) < size {
		n, err := syscall.Read(fd, data[len(data):size])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, fileStatus{}, false, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			break // shrunk since the fstat: its status moved too
		}
		data = data[:len(data)+n]
	}
	return data, status, true, nil
}
