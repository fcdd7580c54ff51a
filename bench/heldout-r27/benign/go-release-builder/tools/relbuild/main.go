package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	pkg := flag.String("pkg", "./cmd/app", "main package")
	ver := flag.String("version", "dev", "version")
	upload := flag.Bool("upload", false, "upload with gh")
	flag.Parse()
	targets := [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "arm64"}, {"windows", "amd64"}}
	os.MkdirAll("dist", 0o755)
	sums, _ := os.Create("dist/SHA256SUMS")
	defer sums.Close()
	var files []string
	for _, t := range targets {
		out := filepath.Join("dist", fmt.Sprintf("%s_%s_%s", filepath.Base(*pkg), t[0], t[1]))
		if t[0] == "windows" {
			out += ".exe"
		}
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X main.version="+*ver, "-o", out, *pkg)
		cmd.Env = append(os.Environ(), "GOOS="+t[0], "GOARCH="+t[1], "CGO_ENABLED=0")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build failed:", err)
			os.Exit(1)
		}
		f, _ := os.Open(out)
		h := sha256.New()
		io.Copy(h, f)
		f.Close()
		fmt.Fprintf(sums, "%x  %s\n", h.Sum(nil), filepath.Base(out))
		files = append(files, out)
	}
	if *upload {
		args := append([]string{"release", "upload", *ver, "dist/SHA256SUMS"}, files...)
		c := exec.Command("gh", args...)
		c.Stdout, c.Stderr = os.Stdout, os.Stderr
		c.Run()
	}
}
