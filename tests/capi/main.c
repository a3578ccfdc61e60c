/* Compiled and run by tests/capi.rs against include/wavec.h and the static library:
 * one sample to HLSL and SPIR-V on four threads at once, its reflection, and the
 * diagnostics of bad input. Usage: main SAMPLE.slang */
#include "wavec.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

struct job {
    const WavecOptions *options;
    const char *source;
    const char *file_name;
    WavecResult *result;
};

static void *compile_job(void *arg) {
    struct job *j = arg;
    j->result = wavec_compile(j->options, j->source, j->file_name);
    return NULL;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) n = 0;
    text[n] = '\0';
    fclose(f);
    return text;
}

/* README: the C example starts here. */
/* Compiles one shader to HLSL and SPIR-V; prints the diagnostics on failure. */
static WavecResult *compile_two_targets(const char *source, const char *file_name) {
    WavecOptions *options = wavec_options_new();
    wavec_options_add_target(options, WAVEC_TARGET_HLSL);
    wavec_options_add_target(options, WAVEC_TARGET_SPIRV);
    wavec_options_set_profile(options, "sm_6_5");
    WavecResult *result = wavec_compile(options, source, file_name);
    wavec_options_free(options); /* the result does not borrow from the options */
    if (wavec_result_status(result) != WAVEC_STATUS_OK) {
        size_t count = wavec_result_diagnostic_count(result);
        for (size_t i = 0; i < count; i++) {
            WavecDiagnostic d;
            wavec_result_diagnostic(result, i, &d);
            fprintf(stderr, "%s:%u:%u: %s[%s]: %s\n", d.file ? d.file : "?", d.line, d.column,
                    d.severity == WAVEC_SEVERITY_ERROR ? "error" : "warning", d.code, d.message);
        }
        return result;
    }
    size_t spirv_size = 0;
    const uint8_t *spirv = wavec_result_output(result, WAVEC_TARGET_SPIRV, &spirv_size);
    const char *hlsl = (const char *)wavec_result_output(result, WAVEC_TARGET_HLSL, NULL);
    const char *reflection = wavec_result_reflection_json(result, NULL);
    printf("%zu bytes of SPIR-V, %zu of HLSL, %zu of reflection\n", spirv_size, strlen(hlsl),
           strlen(reflection));
    (void)spirv;
    return result; /* the caller frees it with wavec_result_free */
}
/* README: the C example ends here. */

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SAMPLE.slang\n", argv[0]);
        return 2;
    }
    char *source = read_file(argv[1]);
    if (!source) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }

    /* The README's example, once. */
    WavecResult *single = compile_two_targets(source, argv[1]);
    CHECK(wavec_result_status(single) == WAVEC_STATUS_OK);

    /* One options handle shared by four threads compiling at once. */
    WavecOptions *options = wavec_options_new();
    CHECK(wavec_options_add_target(options, WAVEC_TARGET_HLSL) == WAVEC_STATUS_OK);
    CHECK(wavec_options_add_target(options, WAVEC_TARGET_SPIRV) == WAVEC_STATUS_OK);
    CHECK(wavec_options_set_profile(options, "sm_6_5") == WAVEC_STATUS_OK);
    CHECK(wavec_options_set_profile(options, "vulkan1.2") == WAVEC_STATUS_OK);
    CHECK(wavec_options_set_profile(options, "sm_9_9") == WAVEC_STATUS_INVALID_ARGUMENT);
    struct job jobs[4];
    pthread_t threads[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (struct job){options, source, argv[1], NULL};
        CHECK(pthread_create(&threads[i], NULL, compile_job, &jobs[i]) == 0);
    }
    for (int i = 0; i < 4; i++) pthread_join(threads[i], NULL);

    size_t hlsl0_size = 0, spirv0_size = 0;
    const uint8_t *hlsl0 = wavec_result_output(jobs[0].result, WAVEC_TARGET_HLSL, &hlsl0_size);
    const uint8_t *spirv0 = wavec_result_output(jobs[0].result, WAVEC_TARGET_SPIRV, &spirv0_size);
    const char *json0 = wavec_result_reflection_json(jobs[0].result, NULL);
    for (int i = 0; i < 4; i++) {
        WavecResult *r = jobs[i].result;
        CHECK(wavec_result_status(r) == WAVEC_STATUS_OK);
        size_t hlsl_size = 0, spirv_size = 0, json_size = 0;
        const uint8_t *hlsl = wavec_result_output(r, WAVEC_TARGET_HLSL, &hlsl_size);
        const uint8_t *spirv = wavec_result_output(r, WAVEC_TARGET_SPIRV, &spirv_size);
        const char *json = wavec_result_reflection_json(r, &json_size);
        CHECK(wavec_result_output(r, WAVEC_TARGET_SPIRV_ASM, NULL) == NULL);
        CHECK(hlsl && spirv && json);
        if (!hlsl || !spirv || !json) continue;
        CHECK(strlen((const char *)hlsl) == hlsl_size);
        CHECK(strstr((const char *)hlsl, "WaveActiveBallot") != NULL);
        CHECK(spirv_size % 4 == 0 && spirv_size > 20);
        /* The SPIR-V magic number, little-endian, and version 1.5 (vulkan1.2). */
        CHECK(spirv[0] == 0x03 && spirv[1] == 0x02 && spirv[2] == 0x23 && spirv[3] == 0x07);
        CHECK(spirv[4] == 0 && spirv[5] == 5 && spirv[6] == 1);
        CHECK(strlen(json) == json_size);
        CHECK(strstr(json, "\"version\": 1,") != NULL);
        CHECK(strstr(json, "\"shader_model\": \"sm_6_5\"") != NULL);
        CHECK(strstr(json, "\"version\": \"1.5\"") != NULL);
        CHECK(strstr(json, "\"GroupNonUniformBallot\"") != NULL);
        CHECK(strstr(json, "\"name\": \"Histogram\",\n      \"kind\": \"RWStructuredBuffer\"") != NULL);
        CHECK(strstr(json, "\"set\": 0,\n      \"binding\": 1,") != NULL);
        CHECK(wavec_result_diagnostic_count(r) == 0);
        /* Every thread got the very same bytes. */
        CHECK(hlsl_size == hlsl0_size && memcmp(hlsl, hlsl0, hlsl_size) == 0);
        CHECK(spirv_size == spirv0_size && memcmp(spirv, spirv0, spirv_size) == 0);
        CHECK(strcmp(json, json0) == 0);
    }
    for (int i = 0; i < 4; i++) wavec_result_free(jobs[i].result);

    /* A syntax error in an in-memory include file: code, file, line, column and label. */
    CHECK(wavec_options_add_include_file(options, "common.hlsli",
                                         "uint twice(uint x) {\n    return x * ;\n}\n") ==
          WAVEC_STATUS_OK);
    CHECK(wavec_options_add_define(options, "N", "64") == WAVEC_STATUS_OK);
    const char *bad = "#include \"common.hlsli\"\nRWStructuredBuffer<uint> o;\n"
                      "[numthreads(N, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n"
                      "    o[id.x] = twice(id.x);\n}\n";
    WavecResult *r = wavec_compile(options, bad, "bad.slang");
    CHECK(wavec_result_status(r) == WAVEC_STATUS_COMPILE_ERROR);
    CHECK(wavec_result_output(r, WAVEC_TARGET_HLSL, NULL) == NULL);
    CHECK(wavec_result_reflection_json(r, NULL) == NULL);
    CHECK(wavec_result_diagnostic_count(r) >= 1);
    WavecDiagnostic d;
    CHECK(wavec_result_diagnostic(r, 0, &d) == WAVEC_STATUS_OK);
    CHECK(strcmp(d.code, "E0201") == 0);
    CHECK(d.severity == WAVEC_SEVERITY_ERROR);
    CHECK(d.file && strcmp(d.file, "common.hlsli") == 0);
    CHECK(d.line == 2 && d.column == 16);
    CHECK(d.label_count >= 1);
    WavecLabel label;
    CHECK(wavec_result_diagnostic_label(r, 0, 0, &label) == WAVEC_STATUS_OK);
    CHECK(label.line == 2 && label.column == 16 && label.byte_start == 36);
    CHECK(strstr(label.message, "expected") != NULL);
    CHECK(wavec_result_diagnostic(r, 99, &d) == WAVEC_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(wavec_result_diagnostics_text(r, NULL), "E0201") != NULL);
    CHECK(strstr(wavec_result_diagnostics_json(r, NULL), "\"code\":\"E0201\"") != NULL);
    wavec_result_free(r);

    /* With the include fixed, the define reaches the shader: numthreads is 64. */
    CHECK(wavec_options_add_include_file(options, "common.hlsli",
                                         "uint twice(uint x) { return x * 2u; }\n") == WAVEC_STATUS_OK);
    r = wavec_compile(options, bad, "bad.slang");
    CHECK(wavec_result_status(r) == WAVEC_STATUS_OK);
    const char *json = wavec_result_reflection_json(r, NULL);
    CHECK(json && strstr(json, "\"numthreads\": [\n      64,") != NULL);
    wavec_result_free(r);

    /* NULL handles are errors, not crashes. */
    CHECK(wavec_options_add_target(NULL, WAVEC_TARGET_HLSL) == WAVEC_STATUS_INVALID_ARGUMENT);
    r = wavec_compile(NULL, bad, NULL);
    CHECK(wavec_result_status(r) == WAVEC_STATUS_INVALID_ARGUMENT);
    wavec_result_free(r);
    wavec_result_free(NULL);

    wavec_options_free(options);
    wavec_result_free(single);
    free(source);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("capi: ok\n");
    return 0;
}
