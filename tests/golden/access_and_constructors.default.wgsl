struct Settings {
    hidden: i32,
    shown: i32,
    secret: i32,
}

struct Pair {
    first: i32,
    second: i32,
}

struct Plain {
    a: i32,
    b: i32,
}

struct Product {
    value: i32,
}

@group(0) @binding(0) var<storage, read_write> outputBuffer: array<i32>;

fn Settings_reveal(this_1: Settings) -> i32 {
    return (this_1.hidden * 100i) + this_1.secret;
}

fn Plain_init(v: i32) -> Plain {
    var this_1: Plain = Plain(0i, 0i);
    this_1.a = v + 5i;
    this_1.b = 3i;
    return this_1;
}

fn Plain_total(this_1: Plain) -> i32 {
    return this_1.a + this_1.b;
}

fn Settings_secretTwice(this_1: Settings) -> i32 {
    return this_1.secret * 2i;
}

fn Product____init_uint(x: u32, y: u32) -> Product {
    var this_1: Product = Product(0i);
    this_1.value = i32(x) * i32(y);
    return this_1;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var s: Settings = Settings(1i, 9i, 7i);
    let wavec_t = Settings_reveal(s);
    outputBuffer[0i] = (wavec_t * 100i) + s.shown;
    let wavec_t_1 = Settings_secretTwice(s);
    outputBuffer[1i] = wavec_t_1;
    var p: Pair = Pair(3i, 2i);
    var q: Pair = Pair(0i, 2i);
    outputBuffer[2i] = (((p.first * 10i) + p.second) + (q.first * 1000i)) + (q.second * 100i);
    var zero: Plain = Plain(0i, 0i);
    let wavec_t_2 = Plain_init(1i);
    var made: Plain = wavec_t_2;
    var both: Plain = Plain(4i, 6i);
    let wavec_t_3 = Plain_total(zero);
    let wavec_t_4 = Plain_total(made);
    let wavec_t_5 = (wavec_t_3 * 100i) + (wavec_t_4 * 10i);
    let wavec_t_6 = Plain_total(both);
    outputBuffer[3i] = wavec_t_5 + (wavec_t_6 % 10i);
    let wavec_t_7 = Product____init_uint(6u, 7u);
    var pr: Product = wavec_t_7;
    outputBuffer[4i] = pr.value;
    var v: vec2<i32> = vec2<i32>(3i, 4i);
    outputBuffer[5i] = (((v + vec2<i32>(1i, 1i)).y * 10i) + (v * vec2<i32>(2i)).x) + (i32(v.x < v.y) * 100i);
    var f: f32 = 2.5f;
    outputBuffer[6i] = select(0i, 9i, (f * 2.0f) == 5.0f);
}
