#!/usr/bin/env bash
in=${1:?input}; preset=youtube-1080; codec=h264
shift; while [ $# -gt 0 ]; do case $1 in --preset) preset=$2; shift;; --codec) codec=$2; shift;; esac; shift; done
case $preset in
  reels|tiktok) vf="scale=1080:1920:force_original_aspect_ratio=decrease,pad=1080:1920:(ow-iw)/2:(oh-ih)/2" ;;
  youtube-4k) vf="scale=3840:-2" ;;
  *) vf="scale=1920:-2" ;;
esac
case $codec in av1) c="-c:v libsvtav1 -crf 30";; h265) c="-c:v libx265 -crf 24";; *) c="-c:v libx264 -crf 20 -preset slow";; esac
for f in $( [ -d "$in" ] && ls "$in"/* || echo "$in" ); do
  ffmpeg -hide_banner -y -i "$f" -vf "$vf" $c -c:a aac -b:a 160k "${f%.*}.$preset.mp4"
done
