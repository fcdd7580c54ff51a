package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

var errs atomic.Int64

func follow(path string, done <-chan struct{}) {
	var f *os.File
	var ino uint64
	var rd *bufio.Reader
	open := func() {
		if f != nil {
			f.Close()
		}
		var err error
		if f, err = os.Open(path); err != nil {
			f = nil
			return
		}
		f.Seek(0, io.SeekEnd)
		if st, err := f.Stat(); err == nil {
			ino = st.Sys().(*syscall.Stat_t).Ino
		}
		rd = bufio.NewReader(f)
	}
	open()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		if st, err := os.Stat(path); err == nil {
			if st.Sys().(*syscall.Stat_t).Ino != ino {
				open()
			} else if f != nil {
				if pos, _ := f.Seek(0, io.SeekCurrent); st.Size() < pos {
					f.Seek(0, io.SeekStart)
					rd.Reset(f)
				}
			}
		}
		for rd != nil {
			line, err := rd.ReadString('\n')
			if line != "" {
				switch {
				case strings.Contains(line, "ERROR"):
					errs.Add(1)
					fmt.Printf("\x1b[31m%s: %s\x1b[0m", path, line)
				case strings.Contains(line, "WARN"):
					fmt.Printf("\x1b[33m%s: %s\x1b[0m", path, line)
				default:
					fmt.Printf("%s: %s", path, line)
				}
			}
			if err != nil {
				break
			}
		}
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go-log-tailer FILE...")
		os.Exit(2)
	}
	done := make(chan struct{})
	for _, p := range os.Args[1:] {
		go follow(p, done)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	minute := time.NewTicker(time.Minute)
	for {
		select {
		case <-sig:
			close(done)
			return
		case <-minute.C:
			fmt.Printf("-- %d error line(s) in the last minute --\n", errs.Swap(0))
		}
	}
}
