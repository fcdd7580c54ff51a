# alias-bundle.ps1 - loaded from $PROFILE (installed by pwsh-alias-bundle)
function ll { Get-ChildItem -Force @args | Format-Table Mode, LastWriteTime, Length, Name -AutoSize }
function which([string]$name) { (Get-Command $name -ErrorAction SilentlyContinue).Source }
function touch([string]$path) {
    if (Test-Path $path) { (Get-Item $path).LastWriteTime = Get-Date } else { New-Item -ItemType File $path | Out-Null }
}
function mkcd([string]$path) { New-Item -ItemType Directory -Force $path | Out-Null; Set-Location $path }
function gst { git status -sb @args }
function gco { git checkout @args }
function glog { git log --oneline --graph --decorate -20 @args }
Set-Alias -Name g -Value git
