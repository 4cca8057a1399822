pub async fn run(_a: &BenchArgs) -> Result<(), String> { Ok(()) }
#[derive(Debug, clap::Args)] pub struct BenchArgs {}
