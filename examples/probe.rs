fn main() {
    let text = "[wave]\n[hlsl(\"WaveReadLaneAt($0, $1)\")]\n[spirv(op, GroupNonUniformShuffle)]\n[cpu(read_lane)]\nT WaveReadLaneAt<T : any_svm>(T value, uint lane);";
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    for _ in 0..n {
        let mut sm = wavec::span::SourceMap::new();
        let (u, e) = wavec::syntax::parse_str(&mut sm, "x", text);
        assert!(e.is_empty());
        std::hint::black_box(u);
    }
}
